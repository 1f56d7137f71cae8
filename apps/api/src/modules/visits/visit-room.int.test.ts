import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/helper.ts';
import { SECOND_SLOT } from '../../../test/appointment-scenario.ts';
import {
  CLOSES_AT,
  OPENS_AT,
  visitScenario,
  type VisitScenario,
} from '../../../test/visit-scenario.ts';

describe.each(testDialects())('a video visit’s room on %s', (dialect) => {
  let s: VisitScenario;
  let url: string;
  beforeEach(async () => {
    s = await visitScenario(dialect);
    url = `/api/v1/appointments/${s.visit._id}/visit`;
  });
  afterEach(() => s.t.close());

  describe('GET /appointments/{id}/visit', () => {
    it('opens for its patient and its doctor only, and both get the same room', async () => {
      expect(await s.statusesOf('GET', url)).toEqual([401, 200, 404, 200, 404]);
      const patient = (await s.call(s.patient, 'GET', url)).json();
      const doctor = (await s.call(s.doctor, 'GET', url)).json();
      expect(patient).toEqual({
        roomid: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        appointmentId: s.visit._id,
        opensat: OPENS_AT,
        closesat: CLOSES_AT,
        iceservers: [],
        role: 'patient',
        other: { _id: s.doctor.id, firstname: 'Ана', lastname: expect.any(String) },
      });
      expect(doctor).toMatchObject({
        roomid: patient.roomid,
        role: 'doctor',
        other: { _id: s.patient.id, firstname: 'Zoë' },
      });
    });

    it('gives two first requests at once the same room, and each visit its own', async () => {
      const [a, b] = await Promise.all([
        s.call(s.patient, 'GET', url),
        s.call(s.doctor, 'GET', url),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.json().roomid).toBe(a.json().roomid);

      s.setNow('2027-03-21T12:00:00.000Z');
      const other = await s.book(SECOND_SLOT, s.patient, 'online');
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${other._id}/accept`);
      s.setNow('2027-03-22T08:25:00.000Z');
      const second = await s.call(s.patient, 'GET', `/api/v1/appointments/${other._id}/visit`);
      expect(second.statusCode).toBe(200);
      expect(second.json().roomid).not.toBe(a.json().roomid);
    });

    it.each([
      ['a second before it opens', 409, '2027-03-22T07:49:59.000Z'],
      ['the moment it opens', 200, OPENS_AT],
      ['its last second', 200, '2027-03-22T08:59:59.000Z'],
      ['the moment it closes', 409, CLOSES_AT],
    ])('at %s answers %i', async (_when, status, now) => {
      s.setNow(now);
      expect((await s.call(s.patient, 'GET', url)).statusCode).toBe(status);
    });

    it('says in words when it opens, and when it closed', async () => {
      s.setNow('2027-03-22T05:45:00.000Z');
      const early = await s.call(s.patient, 'GET', url);
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toEqual({
        code: 'visit_not_open',
        message:
          'This video visit opens in about 2 hours 5 minutes, 10 minutes before the appointment starts.',
      });
      s.setNow('2027-03-22T12:00:00.000Z');
      expect((await s.call(s.doctor, 'GET', url)).json().error).toEqual({
        code: 'visit_not_open',
        message: 'This video visit closed 3 hours ago, 30 minutes after the appointment ended.',
      });
    });

    it('stays shut outside the window to other people too (404, not 409)', async () => {
      s.setNow('2027-03-22T05:45:00.000Z');
      expect(await s.statusesOf('GET', url)).toEqual([401, 409, 404, 409, 404]);
    });

    it('has no room for an in-person, a requested or a cancelled appointment', async () => {
      s.setNow('2027-03-21T12:00:00.000Z');
      const inPerson = await s.book(SECOND_SLOT, s.patient, 'in_person');
      await s.call(s.doctor, 'POST', `/api/v1/appointments/${inPerson._id}/accept`);
      const requested = await s.book('2027-03-22T09:00:00.000Z', s.patient, 'online');
      await s.call(s.patient, 'POST', `/api/v1/appointments/${s.visit._id}/cancel`, {
        reason: 'Feeling better',
      });
      s.setNow('2027-03-22T08:55:00.000Z');
      const messageOf = async (id: string) => {
        const res = await s.call(s.patient, 'GET', `/api/v1/appointments/${id}/visit`);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('visit_not_open');
        return res.json().error.message as string;
      };
      expect(await messageOf(inPerson._id)).toBe(
        'This is an in-person appointment; it has no video visit.',
      );
      expect(await messageOf(requested._id)).toMatch(/not been accepted yet/);
      expect(await messageOf(s.visit._id)).toMatch(/was cancelled/);
    });

    it('answers 404 for an appointment that does not exist', async () => {
      const res = await s.call(s.patient, 'GET', '/api/v1/appointments/nothing-here/visit');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });
  });

  describe('GET /visits/{roomid}', () => {
    it('describes the room to its two people only, while it is open', async () => {
      const room = await s.roomOf();
      const byRoom = `/api/v1/visits/${room}`;
      expect(await s.statusesOf('GET', byRoom)).toEqual([401, 200, 404, 200, 404]);
      expect((await s.call(s.doctor, 'GET', byRoom)).json()).toEqual(
        (await s.call(s.doctor, 'GET', url)).json(),
      );
      s.setNow(CLOSES_AT);
      expect(await s.statusesOf('GET', byRoom)).toEqual([401, 409, 404, 409, 404]);
    });

    it('answers 404 for a room nobody has', async () => {
      const res = await s.call(s.patient, 'GET', '/api/v1/visits/AAAAAAAAAAAAAAAAAAAAAA');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'not_found',
        message: 'There is no such video visit.',
      });
    });
  });
});
