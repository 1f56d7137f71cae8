import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DOCTORS_PER_PATIENT, type Appointment } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import { insertLinksDirectly, insertUsersDirectly } from '../../../test/pages.ts';
import {
  FIRST_SLOT,
  SECOND_SLOT,
  bookedVisitScenario,
  type Scenario,
} from '../../../test/appointment-scenario.ts';

const cursorOf = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

describe.each(testDialects())('a visit’s life on %s', (dialect) => {
  let s: Scenario;
  let visit: Appointment;
  beforeEach(async () => ({ s, visit } = await bookedVisitScenario(dialect)));
  afterEach(() => s.t.close());

  /** Each caller's status for one request, in the order of s.callers(). */
  async function statusesOf(method: 'GET' | 'POST', url: string, payload?: object) {
    const statuses: number[] = [];
    for (const [, who] of s.callers())
      statuses.push((await s.call(who, method, url, payload)).statusCode);
    return statuses;
  }

  describe('GET /appointments/{id}', () => {
    it('shows the visit to its patient and its doctor only', async () => {
      expect(await statusesOf('GET', `/api/v1/appointments/${visit._id}`)).toEqual([
        401, 200, 404, 200, 404,
      ]);
      const unknown = await s.call(s.patient, 'GET', '/api/v1/appointments/nothing-here');
      expect(unknown.json().error).toEqual({
        code: 'not_found',
        message: 'There is no such appointment.',
      });
    });
  });

  describe('GET /appointments', () => {
    it('lists each person’s own visits only', async () => {
      const ids = async (who: Parameters<Scenario['call']>[0]) =>
        (await s.call(who, 'GET', '/api/v1/appointments'))
          .json()
          .appointments.map((a: Appointment) => a._id);
      expect((await s.call(null, 'GET', '/api/v1/appointments')).statusCode).toBe(401);
      expect(await ids(s.patient)).toEqual([visit._id]);
      expect(await ids(s.doctor)).toEqual([visit._id]);
      expect(await ids(s.otherPatient)).toEqual([]);
      expect(await ids(s.otherDoctor)).toEqual([]);
    });

    it('splits upcoming (soonest first) from past (latest first), filters by status, pages by cursor', async () => {
      const later = await s.book('2027-03-23T08:00:00.000Z');
      const latest = await s.book('2027-03-24T08:00:00.000Z');
      await s.call(s.patient, 'POST', `/api/v1/appointments/${later._id}/cancel`, {
        reason: 'Away',
      });
      const list = async (query: string) =>
        (await s.call(s.patient, 'GET', `/api/v1/appointments?${query}`)).json();
      expect((await list('scope=upcoming')).appointments.map((a: Appointment) => a._id)).toEqual([
        visit._id,
        later._id,
        latest._id,
      ]);
      expect((await list('scope=past')).appointments).toEqual([]);
      expect((await list('status=cancelled')).appointments.map((a: Appointment) => a._id)).toEqual([
        later._id,
      ]);
      const first = await list('scope=upcoming&limit=2');
      expect(first.appointments).toHaveLength(2);
      const second = await list(`scope=upcoming&limit=2&cursor=${first.nextCursor}`);
      expect(second).toEqual({
        appointments: [expect.objectContaining({ _id: latest._id })],
        nextCursor: null,
      });

      // A visit under way is still upcoming: its doctor has yet to complete it.
      s.setNow('2027-03-22T08:10:00.000Z');
      expect((await list('scope=upcoming')).appointments[0]._id).toBe(visit._id);
      expect((await list('scope=past')).appointments).toEqual([]);

      s.setNow('2027-03-23T12:00:00.000Z');
      expect((await list('scope=past')).appointments.map((a: Appointment) => a._id)).toEqual([
        later._id,
        visit._id,
      ]);
      expect((await list('scope=upcoming')).appointments.map((a: Appointment) => a._id)).toEqual([
        latest._id,
      ]);
    });

    it.each([
      ['scope=soon', 'scope'],
      ['status=lost', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['cursor=WyJ4IiwieSJd', 'cursor'],
      [`cursor=${cursorOf(['2027-02-30T00:00:00.000Z', 'x'])}`, 'cursor'],
      [`cursor=${cursorOf(['2027-03-22T08:00:00.000Z', 'a\u0000b'])}`, 'cursor'],
    ])('refuses ?%s in words', async (query, field) => {
      const res = await s.call(s.patient, 'GET', `/api/v1/appointments?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toEqual(expect.any(String));
    });
  });

  describe('POST /appointments/{id}/accept', () => {
    it('is its doctor’s alone, and links the patient to the doctor', async () => {
      expect(await statusesOf('POST', `/api/v1/appointments/${visit._id}/accept`)).toEqual([
        401, 403, 403, 200, 404,
      ]);
      const now = (await s.call(s.patient, 'GET', `/api/v1/appointments/${visit._id}`)).json();
      expect(now.status).toBe('accepted');
      const links = (await s.call(s.patient, 'GET', '/api/v1/care-links')).json().careLinks;
      expect(links).toEqual([
        expect.objectContaining({ doctor: expect.objectContaining({ _id: s.doctor.id }) }),
      ]);
      const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json().events;
      expect(log[0]).toMatchObject({ action: 'care_link.created', actor: { _id: s.doctor.id } });
    });

    it('refuses, in the doctor’s words and changing nothing, when the patient shares with the most doctors', async () => {
      const doctors = await insertUsersDirectly(s.t, MAX_DOCTORS_PER_PATIENT, 'doctor', 'Busy');
      await insertLinksDirectly(
        s.t,
        doctors.map((d) => [s.patient.id, d]),
      );
      const res = await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'too_many_care_links',
        message: expect.stringMatching(/^This patient already shares with as many doctors/),
      });
      const after = await s.call(s.doctor, 'GET', `/api/v1/appointments/${visit._id}`);
      expect(after.json().status).toBe('requested');
    });

    it('keeps an existing link as it is', async () => {
      const shared = await s.call(s.patient, 'POST', '/api/v1/care-links', {
        doctorId: s.doctor.id,
      });
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      const links = (await s.call(s.patient, 'GET', '/api/v1/care-links')).json().careLinks;
      expect(links.map((l: { _id: string }) => l._id)).toEqual([shared.json()._id]);
    });

    it('refuses an accepted, a cancelled or a past visit with 409 in words', async () => {
      const accept = () => s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      await accept();
      expect((await accept()).json().error).toEqual({
        code: 'wrong_status',
        message: 'This appointment is accepted; only a requested one can be accepted.',
      });
      const other = await s.book(SECOND_SLOT);
      await s.call(s.patient, 'POST', `/api/v1/appointments/${other._id}/cancel`, {
        reason: 'Ill',
      });
      const cancelled = await s.call(s.doctor, 'POST', `/api/v1/appointments/${other._id}/accept`);
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error.message).toMatch(/is cancelled/);
      const third = await s.book('2027-03-22T09:00:00.000Z');
      s.setNow('2027-03-22T09:05:00.000Z');
      const late = await s.call(s.doctor, 'POST', `/api/v1/appointments/${third._id}/accept`);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toMatch(/has passed/);
    });
  });

  describe('POST /appointments/{id}/cancel', () => {
    it('is for its two people, records who and why, and frees the slot', async () => {
      const url = `/api/v1/appointments/${visit._id}/cancel`;
      const reason = { reason: 'Called away to an emergency' };
      expect((await s.call(null, 'POST', url, reason)).statusCode).toBe(401);
      expect((await s.call(s.otherPatient, 'POST', url, reason)).statusCode).toBe(404);
      expect((await s.call(s.otherDoctor, 'POST', url, reason)).statusCode).toBe(404);
      const res = await s.call(s.doctor, 'POST', url, reason);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'cancelled',
        cancelledby: 'doctor',
        cancelreason: 'Called away to an emergency',
      });
      expect((await s.call(s.patient, 'POST', url, reason)).statusCode).toBe(409);
      expect((await s.book(FIRST_SLOT, s.otherPatient)).status).toBe('requested');
    });

    it('lets the patient cancel an accepted visit; a reason is required', async () => {
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      const url = `/api/v1/appointments/${visit._id}/cancel`;
      const blank = await s.call(s.patient, 'POST', url, { reason: ' ' });
      expect(blank.json().error.fields.reason).toBe('Say why the visit is cancelled.');
      const res = await s.call(s.patient, 'POST', url, { reason: 'Better now' });
      expect(res.json()).toMatchObject({ status: 'cancelled', cancelledby: 'patient' });
    });
  });

  describe('POST /appointments/{id}/complete', () => {
    const complete = (who: Parameters<Scenario['call']>[0], body: object = {}) =>
      s.call(who, 'POST', `/api/v1/appointments/${visit._id}/complete`, body);

    it('is its doctor’s, for an accepted visit that has started', async () => {
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`);
      const early = await complete(s.doctor);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/has not started yet/);
      s.setNow('2027-03-22T08:20:00.000Z');
      const statuses = [];
      for (const [name, who] of s.callers()) {
        if (name !== 'its doctor') statuses.push((await complete(who)).statusCode);
      }
      expect(statuses).toEqual([401, 403, 403, 404]);
      const res = await complete(s.doctor, { followup: '2027-04-22', notes: 'Repeat the ECG.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'completed',
        followup: '2027-04-22',
        notes: 'Repeat the ECG.',
      });
      expect((await complete(s.doctor)).statusCode).toBe(409);
    });

    it('refuses a requested visit and a follow-up not after the visit', async () => {
      s.setNow('2027-03-22T08:20:00.000Z');
      expect((await complete(s.doctor)).json().error.message).toMatch(
        /requested; only an accepted one can be completed/,
      );
      await s.t.db.kysely.updateTable('appointments').set({ status: 'accepted' }).execute();
      const res = await complete(s.doctor, { followup: '2027-03-22' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.followup).toBe('Choose a day after 2027-03-22.');
      expect(
        (await s.call(s.doctor, 'GET', `/api/v1/appointments/${visit._id}`)).json().status,
      ).toBe('accepted');
    });
  });
});
