import { describe, expect, it } from 'vitest';
import type { Prescription } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import {
  METFORMIN,
  insertDispensedFill,
  prescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { freshForEachTest } from '../../../test/fresh-for-each-test.ts';

const CODE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{3}$/;

describe.each(testDialects())('prescriptions on %s', (dialect) => {
  const s = freshForEachTest(() => prescriptionScenario(dialect));

  describe('writing one', () => {
    it('answers 201 with a grouped code, active, unsent, and tells the patient', async () => {
      const p = await s.prescribe();
      expect(p).toMatchObject({
        status: 'active',
        patient: { _id: s.patient.id, firstname: 'Zoë', dateofbirth: '1990-05-17' },
        doctor: { _id: s.doctor.id, firstname: 'Ана', specialty: 'General practice' },
        pharmacy: null,
        medication: METFORMIN.medication,
        dose: METFORMIN.dose,
        quantity: 60,
        refills: 2,
        refillsleft: 2,
        validuntil: '2027-06-30',
        instructions: 'Take with food.',
        note: METFORMIN.note,
        fills: [],
        cancelreason: null,
      });
      expect(p.code).toMatch(CODE);
      const notes = (await s.call(s.patient, 'GET', '/api/v1/notifications')).json<{
        notifications: Array<{ kind: string; body: string; link: string }>;
      }>().notifications;
      expect(notes[0]).toMatchObject({
        kind: 'prescription',
        body: expect.stringContaining('Metformin') as string,
        link: '/patient/prescriptions',
      });
    });

    it('draws a different code each time', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) codes.add((await s.prescribe()).code);
      expect(codes.size).toBe(5);
    });

    it('is for a linked doctor only: anonymous 401, a patient 403, another doctor 404 in words', async () => {
      const body = { patientId: s.patient.id, ...METFORMIN };
      const answers = [
        await s.call(null, 'POST', '/api/v1/prescriptions', body),
        await s.call(s.patient, 'POST', '/api/v1/prescriptions', body),
        await s.call(s.otherDoctor, 'POST', '/api/v1/prescriptions', body),
        await s.call(s.doctor, 'POST', '/api/v1/prescriptions', {
          ...body,
          patientId: s.otherPatient.id,
        }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([401, 403, 404, 404]);
      expect(answers[2]?.json()).toMatchObject({
        error: { code: 'not_found', fields: { patientId: expect.any(String) as string } },
      });
    });

    it.each([
      ['refills 12', { refills: 12 }, 'refills'],
      ['refills -1', { refills: -1 }, 'refills'],
      ['valid until past a year', { validuntil: '2028-03-11' }, 'validuntil'],
      ['valid until yesterday', { validuntil: '2027-03-09' }, 'validuntil'],
      ['valid until not a date', { validuntil: '2027-02-30' }, 'validuntil'],
      ['an empty name', { medication: { ...METFORMIN.medication, name: '  ' } }, 'medication.name'],
      ['no time of day', { dose: { ...METFORMIN.dose, timesofday: [] } }, 'dose.timesofday'],
      [
        'a time twice',
        { dose: { ...METFORMIN.dose, timesofday: ['day', 'day'] } },
        'dose.timesofday',
      ],
      ['quantity 0', { quantity: 0 }, 'quantity'],
      ['an unknown field', { colour: 'blue' }, 'colour'],
      [
        'an unknown nested field',
        { medication: { ...METFORMIN.medication, x: 1 } },
        'medication.x',
      ],
    ])('refuses %s with a 400 naming the field', async (_, changes, field) => {
      const res = await s.call(s.doctor, 'POST', '/api/v1/prescriptions', {
        patientId: s.patient.id,
        ...METFORMIN,
        ...changes,
      });
      expect(res.statusCode).toBe(400);
      const error = res.json<{ error: { message: string; fields: Record<string, string> } }>()
        .error;
      expect(Object.keys(error.fields)).toContain(field);
      expect(error.message).toMatch(/\w+ \w+/);
    });

    it('accepts today up to the same day a year ahead, counted in the patient’s time zone', async () => {
      // 01:30 on 11 March in Berlin, still 10 March in UTC: "today" is the patient's.
      s.setNow('2027-03-11T00:30:00.000Z');
      expect((await s.prescribe({ validuntil: '2028-03-11' })).validuntil).toBe('2028-03-11');
      const yesterday = await s.call(s.doctor, 'POST', '/api/v1/prescriptions', {
        patientId: s.patient.id,
        ...METFORMIN,
        validuntil: '2027-03-10',
      });
      expect(yesterday.statusCode).toBe(400);
    });
  });

  describe('reading', () => {
    it.each([
      ['anonymous', 401],
      ['its patient', 200],
      ['another patient', 404],
      ['its doctor', 200],
      ['another doctor', 404],
    ])('GET /prescriptions/{id}: %s → %i', async (name, status) => {
      const p = await s.prescribe();
      const who = s.callers().find(([n]) => n === name)?.[1] ?? null;
      const res = await s.call(who, 'GET', `/api/v1/prescriptions/${p._id}`);
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json<Prescription>().code).toBe(p.code);
    });

    it('leaves the note to the pharmacist out for the patient', async () => {
      const p = await s.prescribe();
      const seen = (await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`)).json();
      expect(seen).not.toHaveProperty('note');
      const listed = (await s.call(s.patient, 'GET', '/api/v1/prescriptions')).json<{
        prescriptions: object[];
      }>();
      expect(listed.prescriptions[0]).not.toHaveProperty('note');
    });

    it('still shows the prescriber what they wrote once the patient stops sharing', async () => {
      const p = await s.prescribe();
      const links = (await s.call(s.patient, 'GET', '/api/v1/care-links')).json<{
        careLinks: Array<{ _id: string }>;
      }>();
      await s.callExpecting(
        204,
        s.patient,
        'DELETE',
        `/api/v1/care-links/${links.careLinks[0]?._id}`,
      );
      expect((await s.call(s.doctor, 'GET', `/api/v1/prescriptions/${p._id}`)).statusCode).toBe(
        200,
      );
      const narrowed = await s.call(
        s.doctor,
        'GET',
        `/api/v1/prescriptions?patientId=${s.patient.id}`,
      );
      expect(narrowed.statusCode).toBe(404);
    });

    it('lists each person’s own, newest first, a page at a time', async () => {
      const written: string[] = [];
      for (const [i, name] of ['Metformin', 'Ramipril', 'Atorvastatin'].entries()) {
        s.setNow(`2027-03-10T12:0${i}:00.000Z`);
        written.push((await s.prescribe({ medication: { ...METFORMIN.medication, name } }))._id);
      }
      const list = async (who: Parameters<typeof s.call>[0], query: string) => {
        const res = await s.call(who, 'GET', `/api/v1/prescriptions${query}`);
        expect(res.statusCode).toBe(200);
        return res.json<{ prescriptions: Prescription[]; nextCursor: string | null }>();
      };
      const first = await list(s.patient, '?limit=2');
      expect(first.prescriptions.map((p) => p._id)).toEqual([written[2], written[1]]);
      const second = await list(s.patient, `?limit=2&cursor=${first.nextCursor}`);
      expect(second).toEqual({
        prescriptions: [expect.objectContaining({ _id: written[0] })],
        nextCursor: null,
      });
      expect((await list(s.doctor, '')).prescriptions).toHaveLength(3);
      expect((await list(s.doctor, `?patientId=${s.patient.id}`)).prescriptions).toHaveLength(3);
      expect((await list(s.otherPatient, '')).prescriptions).toEqual([]);
      expect((await list(s.otherDoctor, '')).prescriptions).toEqual([]);
    });

    it.each([
      ['anonymous', '', 401],
      ['another patient', '?patientId=PATIENT', 404],
      ['another doctor', '?patientId=PATIENT', 404],
      ['its patient', '?status=lost', 400],
      ['its patient', '?colour=blue', 400],
      ['its patient', '?cursor=bogus', 400],
      ['its patient', '?limit=101', 400],
    ])('GET /prescriptions as %s with %s → %i', async (name, query, status) => {
      const who = s.callers().find(([n]) => n === name)?.[1] ?? null;
      const url = `/api/v1/prescriptions${query.replace('PATIENT', s.patient.id)}`;
      expect((await s.call(who, 'GET', url)).statusCode).toBe(status);
    });
  });

  describe('cancelling', () => {
    it('is for its doctor, with a reason; the patient is told; twice is a 409 in words', async () => {
      const p = await s.prescribe();
      const url = `/api/v1/prescriptions/${p._id}/cancel`;
      const reason = { reason: 'Switching to a slow-release form.' };
      expect((await s.call(null, 'POST', url, reason)).statusCode).toBe(401);
      expect((await s.call(s.patient, 'POST', url, reason)).statusCode).toBe(403);
      expect((await s.call(s.otherDoctor, 'POST', url, reason)).statusCode).toBe(404);
      expect((await s.call(s.doctor, 'POST', url, { reason: ' ' })).statusCode).toBe(400);
      const cancelled = await s.call(s.doctor, 'POST', url, reason);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 'cancelled',
        cancelreason: 'Switching to a slow-release form.',
      });
      const again = await s.call(s.doctor, 'POST', url, reason);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: { code: 'already_cancelled', message: 'This prescription was already cancelled.' },
      });
      const notes = (await s.call(s.patient, 'GET', '/api/v1/notifications')).json<{
        notifications: Array<{ title: string }>;
      }>().notifications;
      expect(notes.map((n) => n.title)).toEqual(['Prescription cancelled', 'New prescription']);
    });

    it('refuses once a fill was dispensed', async () => {
      const p = await s.prescribe();
      await insertDispensedFill(s.t, p._id, null, new Date().toISOString());
      const res = await s.call(s.doctor, 'POST', `/api/v1/prescriptions/${p._id}/cancel`, {
        reason: 'Changed my mind.',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'already_dispensed' } });
    });
  });

  describe('expiry', () => {
    it('reads as expired once its last day has ended in the patient’s time zone', async () => {
      const p = await s.prescribe({ validuntil: '2027-03-12' });
      const status = async () =>
        (await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`)).json<Prescription>()
          .status;
      s.setNow('2027-03-12T22:59:59.000Z'); // 23:59:59 in Berlin
      expect(await status()).toBe('active');
      s.setNow('2027-03-12T23:00:00.000Z'); // midnight in Berlin, still the 12th in UTC
      expect(await status()).toBe('expired');
      const ids = async (query: string) =>
        (await s.call(s.doctor, 'GET', `/api/v1/prescriptions${query}`))
          .json<{ prescriptions: Prescription[] }>()
          .prescriptions.map((x) => x._id);
      expect(await ids('?status=expired')).toEqual([p._id]);
      expect(await ids('?status=active')).toEqual([]);
      const cancel = await s.call(s.doctor, 'POST', `/api/v1/prescriptions/${p._id}/cancel`, {
        reason: 'Too late.',
      });
      expect(cancel.json()).toMatchObject({ error: { code: 'prescription_expired' } });
      expect(cancel.statusCode).toBe(409);
    });
  });

  it('writes every look by the doctor to the patient’s access log, and none of the patient’s own', async () => {
    const p = await s.prescribe();
    await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`);
    await s.call(s.patient, 'GET', '/api/v1/prescriptions');
    await s.call(s.doctor, 'GET', `/api/v1/prescriptions/${p._id}`);
    await s.call(s.doctor, 'GET', '/api/v1/prescriptions');
    await s.call(s.doctor, 'GET', `/api/v1/prescriptions/${p._id}/pdf`);
    await s.call(s.otherDoctor, 'GET', `/api/v1/prescriptions/${p._id}`);
    const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string }>;
    }>();
    const prescriptionLines = log.events
      .map((e) => e.description)
      .filter((d) => d.includes('prescription'));
    expect(prescriptionLines).toEqual([
      'Printed one of your prescriptions as a PDF',
      'Looked at the list of your prescriptions',
      'Opened one of your prescriptions',
      'Wrote you a prescription',
    ]);
  });
});
