import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Prescription } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import {
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';

describe.each(testDialects())('sending a prescription to a pharmacy, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let otherPharmacy: TestAccount;
  beforeEach(async () => ({ s, pharmacy, otherPharmacy } = await pharmacyScenario(dialect)));
  afterEach(() => s.t.close());

  const send = (id: string, pharmacyId: string, who: TestAccount = s.patient) =>
    s.call(who, 'POST', `/api/v1/prescriptions/${id}/send`, { pharmacyId });
  const notesOf = async (who: TestAccount) =>
    (await s.call(who, 'GET', '/api/v1/notifications')).json<{
      notifications: Array<{ kind: string; body: string; link: string }>;
    }>().notifications;

  it('sends an active one to a pharmacy, which is told and then reads it, the note included', async () => {
    const p = await s.prescribe();
    const res = await send(p._id, pharmacy.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Prescription>()).toMatchObject({ _id: p._id, pharmacy: { _id: pharmacy.id } });
    // The patient's answer still leaves the pharmacist's note out.
    expect(res.json()).not.toHaveProperty('note');
    expect((await notesOf(pharmacy))[0]).toMatchObject({
      kind: 'prescription',
      body: 'A patient sent you a prescription for Metformin.',
      link: `/pharmacy/prescriptions/${p._id}`,
    });
    expect(await notesOf(otherPharmacy)).toEqual([]);

    const read = await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}`);
    expect(read.statusCode).toBe(200);
    const body = read.json<Prescription>();
    // Of the patient only what the prescription prints: name and date of birth.
    expect(body.patient).toEqual({
      _id: s.patient.id,
      firstname: 'Zoë',
      lastname: expect.any(String) as string,
      avatarUrl: null,
      dateofbirth: '1990-05-17',
    });
    expect(Object.keys(body.doctor).sort()).toEqual([
      '_id',
      'avatarUrl',
      'firstname',
      'lastname',
      'specialty',
    ]);
    expect(body.note).toBe(p.note);
    expect(JSON.stringify(body)).not.toContain('@');
    const pdf = await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('moves it to another pharmacy, which alone then reaches it; the same one again changes nothing', async () => {
    const p = await s.prescribe();
    expect((await send(p._id, pharmacy.id)).statusCode).toBe(200);
    expect((await send(p._id, pharmacy.id)).statusCode).toBe(200);
    expect(await notesOf(pharmacy)).toHaveLength(1);
    const moved = await send(p._id, otherPharmacy.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Prescription>().pharmacy?._id).toBe(otherPharmacy.id);
    expect(await notesOf(otherPharmacy)).toHaveLength(1);
    const byFirst = await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}`);
    expect(byFirst.statusCode).toBe(404);
    expect(byFirst.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}/pdf`)).statusCode).toBe(
      404,
    );
    expect((await s.call(otherPharmacy, 'GET', `/api/v1/prescriptions/${p._id}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a cancelled or expired one (409 in words) and an unknown pharmacy (404 naming the field)', async () => {
    const cancelled = await s.prescribe();
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/prescriptions/${cancelled._id}/cancel`, {
      reason: 'Replaced.',
    });
    const refused = await send(cancelled._id, pharmacy.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'prescription_cancelled', message: expect.stringContaining('cancelled') },
    });

    const short = await s.prescribe({ validuntil: '2027-03-12' });
    s.setNow('2027-03-13T12:00:00.000Z');
    const expired = await send(short._id, pharmacy.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ error: { code: 'prescription_expired' } });

    const p = await s.prescribe();
    for (const pharmacyId of ['no-such-pharmacy', s.doctor.id, s.otherPatient.id]) {
      const unknown = await send(p._id, pharmacyId);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        error: { code: 'not_found', fields: { pharmacyId: expect.any(String) as string } },
      });
    }
    const blank = await send(p._id, '');
    expect(blank.statusCode).toBe(400);
    expect(await notesOf(pharmacy)).toEqual([]);
  });

  it('is for its patient only: another patient 404, a doctor and a pharmacy 403', async () => {
    const p = await s.prescribe();
    expect((await send(p._id, pharmacy.id, s.otherPatient)).statusCode).toBe(404);
    expect((await send(p._id, pharmacy.id, s.doctor)).statusCode).toBe(403);
    expect((await send(p._id, pharmacy.id, pharmacy)).statusCode).toBe(403);
    expect((await send(p._id, pharmacy.id, null as unknown as TestAccount)).statusCode).toBe(401);
  });

  it('lists for a pharmacy only those sent to it, newest first, paged and by status', async () => {
    const first = await s.prescribe();
    const second = await s.prescribe({
      medication: { name: 'Ramipril', strength: '5 mg', form: 'capsule' },
    });
    const third = await s.prescribe();
    const elsewhere = await s.prescribe();
    for (const p of [first, second, third]) await send(p._id, pharmacy.id);
    await send(elsewhere._id, otherPharmacy.id);
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/prescriptions/${third._id}/cancel`, {
      reason: 'Replaced.',
    });
    const list = async (query = '', who = pharmacy) =>
      (await s.call(who, 'GET', `/api/v1/prescriptions${query}`)).json<{
        prescriptions: Prescription[];
        nextCursor: string | null;
      }>();
    const all = await list();
    expect(all.prescriptions.map((p) => p._id)).toEqual([third._id, second._id, first._id]);
    expect(
      all.prescriptions.every((p) => p.patient.avatarUrl === null && p.note !== undefined),
    ).toBe(true);
    const page1 = await list('?limit=2');
    expect(page1.prescriptions.map((p) => p._id)).toEqual([third._id, second._id]);
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor ?? ''}`);
    expect(page2.prescriptions.map((p) => p._id)).toEqual([first._id]);
    expect(page2.nextCursor).toBeNull();
    expect((await list('?status=cancelled')).prescriptions.map((p) => p._id)).toEqual([third._id]);
    expect((await list('?status=active')).prescriptions.map((p) => p._id)).toEqual([
      second._id,
      first._id,
    ]);
    expect((await list('', otherPharmacy)).prescriptions.map((p) => p._id)).toEqual([
      elsewhere._id,
    ]);
    const narrowed = await s.call(
      pharmacy,
      'GET',
      `/api/v1/prescriptions?patientId=${s.patient.id}`,
    );
    expect(narrowed.statusCode).toBe(404);
  });

  it('writes every look by the pharmacy to the patient’s access log, and none by another pharmacy', async () => {
    const p = await s.prescribe();
    await send(p._id, pharmacy.id);
    await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}`);
    await s.call(pharmacy, 'GET', '/api/v1/prescriptions');
    await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}/pdf`);
    await s.call(otherPharmacy, 'GET', `/api/v1/prescriptions/${p._id}`);
    await s.call(otherPharmacy, 'GET', '/api/v1/prescriptions');
    const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string; actor?: { _id?: string } } & Record<string, unknown>>;
    }>();
    const byPharmacy = log.events.filter((e) => JSON.stringify(e).includes(pharmacy.id));
    expect(byPharmacy.map((e) => e.description)).toEqual([
      'Printed one of your prescriptions as a PDF',
      'Looked at the list of your prescriptions',
      'Opened one of your prescriptions',
    ]);
    expect(log.events.filter((e) => JSON.stringify(e).includes(otherPharmacy.id))).toEqual([]);
  });
});
