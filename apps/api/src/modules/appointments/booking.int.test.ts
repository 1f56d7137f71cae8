import { describe, expect, it } from 'vitest';
import { MAX_UPCOMING_APPOINTMENTS } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import { createAccount } from '../../../test/accounts.ts';
import {
  FIRST_SLOT,
  SECOND_SLOT,
  appointmentScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

describe.each(testDialects())('booking on %s', (dialect) => {
  const s = freshForEachTest(() => appointmentScenario(dialect));

  const request = (start: string, extra: object = {}) => ({
    doctorId: s.doctor.id,
    start,
    type: 'online',
    purpose: 'Follow-up on blood pressure',
    ...extra,
  });

  describe('POST /appointments', () => {
    it('is for patients: anonymous 401, doctors 403', async () => {
      expect(
        (await s.call(null, 'POST', '/api/v1/appointments', request(FIRST_SLOT))).statusCode,
      ).toBe(401);
      for (const doctor of [s.doctor, s.otherDoctor]) {
        const res = await s.call(doctor, 'POST', '/api/v1/appointments', request(FIRST_SLOT));
        expect(res.statusCode).toBe(403);
      }
    });

    it('books a free slot as requested, with the doctor’s fee at booking time', async () => {
      // Any offset naming the same instant is the same slot: 09:00 in Berlin.
      const res = await s.call(
        s.patient,
        'POST',
        '/api/v1/appointments',
        request('2027-03-22T09:00:00+01:00'),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        patient: { _id: s.patient.id, firstname: 'Zoë', email: s.patient.email },
        doctor: { _id: s.doctor.id, specialty: 'Cardiology', consultationfee: 80 },
        start: FIRST_SLOT,
        end: SECOND_SLOT,
        type: 'online',
        purpose: 'Follow-up on blood pressure',
        status: 'requested',
        fee: 80,
        paid: false,
        receiptnumber: null,
        cancelledby: null,
        review: null,
      });
      await s.call(s.doctor, 'PATCH', '/api/v1/me/update', { consultationfee: 120 });
      const again = await s.call(s.patient, 'GET', `/api/v1/appointments/${res.json()._id}`);
      expect(again.json().fee).toBe(80);
    });

    it.each([
      ['a time between slots', '2027-03-22T08:10:00Z'],
      ['a time outside the hours', '2027-03-22T15:00:00Z'],
      ['a weekend', '2027-03-27T08:00:00Z'],
      ['a slot that has begun', '2027-03-19T08:00:00Z'],
    ])('refuses %s as not_a_slot', async (_name, start) => {
      const res = await s.call(s.patient, 'POST', '/api/v1/appointments', request(start));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'not_a_slot',
        message: expect.stringMatching(/not one of the offered slots/),
      });
    });

    it('refuses a day off and a doctor without hours as not_a_slot', async () => {
      await s.call(s.doctor, 'PUT', '/api/v1/me/availability', {
        timezone: 'Europe/Berlin',
        slotminutes: 30,
        weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
        daysoff: ['2027-03-22'],
      });
      const dayOff = await s.call(s.patient, 'POST', '/api/v1/appointments', request(FIRST_SLOT));
      expect(dayOff.json().error.code).toBe('not_a_slot');
      const noHours = await s.call(
        s.patient,
        'POST',
        '/api/v1/appointments',
        request(FIRST_SLOT, { doctorId: s.otherDoctor.id }),
      );
      expect(noHours.json().error.code).toBe('not_a_slot');
    });

    it('answers 409 slot_taken in words when the slot is already booked', async () => {
      await s.book(FIRST_SLOT);
      const res = await s.call(s.otherPatient, 'POST', '/api/v1/appointments', request(FIRST_SLOT));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'slot_taken',
        message: expect.stringMatching(/just booked that time/),
      });
    });

    it('lets exactly one of 20 patients racing for one slot have it; the others get 409', async () => {
      const racers = [s.patient, s.otherPatient];
      while (racers.length < 20) racers.push(await createAccount(s.t, 'patient'));
      const answers = await Promise.all(
        racers.map((who) => s.call(who, 'POST', '/api/v1/appointments', request(SECOND_SLOT))),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
      for (const loser of answers.filter((a) => a.statusCode === 409)) {
        expect(loser.json().error.code).toBe('slot_taken');
      }
      const rows = await s.t.db.kysely
        .selectFrom('appointments')
        .select('id')
        .where('start_at', '=', SECOND_SLOT)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('has the database itself refuse a second live visit at one doctor’s start, not a cancelled one', async () => {
      const visit = await s.book(FIRST_SLOT);
      const row = await s.t.db.kysely
        .selectFrom('appointments')
        .selectAll()
        .where('id', '=', visit._id)
        .executeTakeFirstOrThrow();
      const copy = (id: string, status: 'accepted' | 'cancelled') =>
        s.t.db.kysely
          .insertInto('appointments')
          .values({ ...row, id, patient_id: s.otherPatient.id, status })
          .execute();
      await expect(copy('live-copy', 'accepted')).rejects.toThrow(/unique|duplicate/i);
      await expect(copy('cancelled-copy', 'cancelled')).resolves.toBeDefined();
    });

    it(`stops a patient at ${MAX_UPCOMING_APPOINTMENTS} upcoming appointments, in words`, async () => {
      const slots = (await s.call(s.patient, 'GET', `/api/v1/doctors/${s.doctor.id}/slots`)).json()
        .slots as { start: string }[];
      for (const slot of slots.slice(0, MAX_UPCOMING_APPOINTMENTS)) await s.book(slot.start);
      const res = await s.call(
        s.patient,
        'POST',
        '/api/v1/appointments',
        request(slots[MAX_UPCOMING_APPOINTMENTS]?.start ?? ''),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'too_many_appointments',
        message: expect.stringMatching(/Cancel one before booking another/),
      });
      const other = await s.call(
        s.otherPatient,
        'POST',
        '/api/v1/appointments',
        request(slots[MAX_UPCOMING_APPOINTMENTS]?.start ?? ''),
      );
      expect(other.statusCode).toBe(201);
    });

    it.each([
      ['no purpose', { purpose: '  ' }, 'purpose'],
      ['an unknown type', { type: 'phone' }, 'type'],
      ['a start without a zone', { start: '2027-03-22T09:00:00' }, 'start'],
      ['an unknown field', { fee: 0 }, 'fee'],
    ])('refuses %s with a field message', async (_name, change, field) => {
      const res = await s.call(
        s.patient,
        'POST',
        '/api/v1/appointments',
        request(FIRST_SLOT, change),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toEqual(expect.any(String));
      expect(await s.t.db.kysely.selectFrom('appointments').selectAll().execute()).toEqual([]);
    });

    it('knows no such doctor: an unknown id or a patient', async () => {
      for (const doctorId of ['nobody', s.otherPatient.id]) {
        const res = await s.call(
          s.patient,
          'POST',
          '/api/v1/appointments',
          request(FIRST_SLOT, { doctorId }),
        );
        expect(res.statusCode).toBe(404);
      }
    });
  });

  describe('POST /appointments/{id}/reschedule', () => {
    it('lets only its patient move it; it is requested again and the old slot is free', async () => {
      const visit = await s.book(FIRST_SLOT);
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      const move = (who: Parameters<Scenario['call']>[0], start = '2027-03-23T08:00:00Z') =>
        s.call(who, 'POST', `/api/v1/appointments/${visit._id}/reschedule`, { start });
      const statuses = [];
      for (const [name, who] of s.callers()) {
        if (name !== 'its patient') statuses.push((await move(who)).statusCode);
      }
      expect(statuses).toEqual([401, 404, 403, 403]);
      const moved = await move(s.patient);
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        start: '2027-03-23T08:00:00.000Z',
        end: '2027-03-23T08:30:00.000Z',
        status: 'requested',
      });
      expect((await s.book(FIRST_SLOT, s.otherPatient)).status).toBe('requested');
    });

    it('refuses a taken slot (409), the same time or no slot (400), a cancelled visit (409)', async () => {
      const visit = await s.book(FIRST_SLOT);
      await s.book(SECOND_SLOT, s.otherPatient);
      const move = (start: string) =>
        s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/reschedule`, { start });
      expect((await move(SECOND_SLOT)).json().error.code).toBe('slot_taken');
      expect((await move(FIRST_SLOT)).json().error.code).toBe('same_slot');
      expect((await move('2027-03-22T08:15:00Z')).json().error.code).toBe('not_a_slot');
      await s.call(s.patient, 'POST', `/api/v1/appointments/${visit._id}/cancel`, { reason: 'x' });
      const cancelled = await move('2027-03-24T08:00:00Z');
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error.message).toMatch(/cancelled; it can no longer be moved/);
    });
  });
});
