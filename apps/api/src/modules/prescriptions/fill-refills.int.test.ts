import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_MEDICATIONS, type Prescription, type RefillResult } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import {
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';

describe.each(testDialects())('refills and dispensed medications, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  beforeEach(async () => ({ s, pharmacy } = await pharmacyScenario(dialect)));
  afterEach(() => s.t.close());

  const send = (id: string, pharmacyId = pharmacy.id) =>
    s.call(s.patient, 'POST', `/api/v1/prescriptions/${id}/send`, { pharmacyId });
  const step = (id: string, body: object, who: TestAccount = pharmacy) =>
    s.call(who, 'POST', `/api/v1/prescriptions/${id}/fills/current`, body);
  const refill = (id: string, who: TestAccount = s.patient) =>
    s.call(who, 'POST', `/api/v1/prescriptions/${id}/refill`);
  const notesOf = async (who: TestAccount) =>
    (await s.call(who, 'GET', '/api/v1/notifications')).json<{
      notifications: Array<{ kind: string; title: string; body: string; link: string }>;
    }>().notifications;

  it('puts the dispensed medication on the patient’s list: one per time of day, linked, with its supply', async () => {
    const p = await s.prescribe({ quantity: 61 });
    await send(p._id);
    s.setNow('2027-03-10T23:30:00.000Z');
    await s.dispense(pharmacy, p._id);
    const list = await s.medications();
    expect(list.map((m) => [m.timefrequency, m.supply, m.prescriptionId])).toEqual([
      ['day', 31, p._id],
      ['night', 30, p._id],
    ]);
    expect(list[0]).toMatchObject({
      name: 'Metformin',
      dosage: '1 tablet',
      description: 'Take with food.',
      note: '500 mg tablet',
      // 23:30 UTC is 00:30 on the 11th in Berlin: the patient's today.
      startdate: '2027-03-11',
      enddate: null,
    });

    // Their dose reminders are planned, as for a medication the patient adds.
    const planned = await s.t.db.kysely
      .selectFrom('jobs')
      .select('subject')
      .where(
        'subject',
        'in',
        list.map((m) => m._id),
      )
      .execute();
    expect(new Set(planned.map((j) => j.subject))).toEqual(new Set(list.map((m) => m._id)));

    // A refill adds to the supply of the same medications rather than adding new ones.
    expect((await refill(p._id)).statusCode).toBe(200);
    await s.dispense(pharmacy, p._id);
    const after = await s.medications();
    expect(after.map((m) => [m.timefrequency, m.supply])).toEqual([
      ['day', 62],
      ['night', 60],
    ]);
  });

  it('keeps the medication when its prescription goes (with the prescriber’s account), unlinked', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await s.dispense(pharmacy, p._id);
    await s.t.db.kysely.deleteFrom('prescriptions').where('id', '=', p._id).execute();
    const list = await s.medications();
    expect(list.map((m) => [m.timefrequency, m.prescriptionId, m.supply])).toEqual([
      ['day', null, 30],
      ['night', null, 30],
    ]);
  });

  it('counts as refills left those that can still be asked for, for the patient and the pharmacy alike', async () => {
    const p = await s.prescribe({ refills: 2 });
    const left = async () => {
      const seen = await Promise.all(
        [s.patient, pharmacy].map(
          async (who) =>
            (await s.call(who, 'GET', `/api/v1/prescriptions/${p._id}`)).json<Prescription>()
              .refillsleft,
        ),
      );
      // The patient and the pharmacy read the same figure.
      expect(seen[1]).toBe(seen[0]);
      return seen[0];
    };
    await send(p._id);
    // The first fill is not a refill.
    expect(await left()).toBe(2);
    await s.dispense(pharmacy, p._id);
    expect(await left()).toBe(2);
    // Asked for and not yet handed over: it can no longer be asked for, so it is not left.
    expect((await refill(p._id)).statusCode).toBe(200);
    expect(await left()).toBe(1);
    // Refused: it can be asked for again, so it is left again …
    expect((await step(p._id, { status: 'refused', reason: 'Out of stock.' })).statusCode).toBe(
      200,
    );
    expect(await left()).toBe(2);
    // … and asking again takes it once, not twice.
    expect((await refill(p._id)).statusCode).toBe(200);
    expect(await left()).toBe(1);
    await s.dispense(pharmacy, p._id);
    expect(await left()).toBe(1);
    expect((await refill(p._id)).statusCode).toBe(200);
    expect(await left()).toBe(0);
  });

  it('refills at the same pharmacy while refills are left, counting them down, then completes', async () => {
    const p = await s.prescribe({ refills: 1 });
    const notSent = await refill(p._id);
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json()).toMatchObject({ error: { code: 'not_sent' } });
    await send(p._id);
    const open = await refill(p._id);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({
      error: {
        code: 'fill_open',
        message: expect.stringContaining('only requested so far') as string,
      },
    });
    await s.dispense(pharmacy, p._id);

    const first = await refill(p._id);
    expect(first.statusCode).toBe(200);
    const result = first.json<RefillResult>();
    expect(result.outcome).toBe('refill_requested');
    expect(result.prescription.fills.map((f) => [f.number, f.status, f.pharmacy?._id])).toEqual([
      [1, 'dispensed', pharmacy.id],
      [2, 'requested', pharmacy.id],
    ]);
    expect((await notesOf(pharmacy))[0]).toMatchObject({
      title: 'Refill requested',
      body: 'A patient asked you for a refill of Metformin (Refill 1 of 1).',
    });
    // The one refill is asked for: none is left to ask for (issue 46 item 2).
    expect(result.prescription.refillsleft).toBe(0);
    await s.dispense(pharmacy, p._id);
    const done = (
      await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`)
    ).json<Prescription>();
    expect(done).toMatchObject({ status: 'completed', refillsleft: 0 });

    // A fill beyond the refills: the pharmacy has nothing open, and a refill asks for a renewal.
    const beyond = await step(p._id, { status: 'preparing' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ error: { code: 'fill_not_open' } });
    const renewal = await refill(p._id);
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json<RefillResult>().outcome).toBe('renewal_requested');
    expect(renewal.json<RefillResult>().prescription.fills).toHaveLength(2);
    const fills = await s.t.db.kysely
      .selectFrom('prescription_fills')
      .select('number')
      .where('prescription_id', '=', p._id)
      .execute();
    expect(fills).toHaveLength(2);
  });

  it('refuses a refill of a cancelled or expired prescription, and of another patient’s', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await s.dispense(pharmacy, p._id);
    expect((await refill(p._id, s.otherPatient)).statusCode).toBe(404);
    expect((await refill(p._id, s.doctor)).statusCode).toBe(403);
    expect((await refill(p._id, pharmacy)).statusCode).toBe(403);

    const cancelled = await s.prescribe();
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/prescriptions/${cancelled._id}/cancel`, {
      reason: 'Replaced.',
    });
    const res = await refill(cancelled._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'prescription_cancelled' } });

    s.setNow('2027-07-01T12:00:00.000Z');
    const expired = await refill(p._id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      error: {
        code: 'prescription_expired',
        message: expect.stringContaining('expired') as string,
      },
    });
  });

  it('will not dispense past the medication cap: a 409 in words, and nothing changes', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await step(p._id, { status: 'preparing' });
    await step(p._id, { status: 'ready' });
    // One short of the cap: the dose's two times of day do not fit.
    const now = '2027-03-01T10:00:00.000Z';
    const rows = Array.from({ length: MAX_ACTIVE_MEDICATIONS - 1 }, (_, i) => ({
      id: `bulk-${i}`,
      patient_id: s.patient.id,
      name: `Medication ${i}`,
      description: null,
      dosage: null,
      note: null,
      startdate: '2027-03-01',
      enddate: null,
      timefrequency: 'day' as const,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await s.t.db.kysely
        .insertInto('medications')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    const full = await step(p._id, { status: 'dispensed' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      error: {
        code: 'medication_list_full',
        message: expect.stringContaining('Nothing was dispensed') as string,
      },
    });
    const after = (
      await s.call(pharmacy, 'GET', `/api/v1/prescriptions/${p._id}`)
    ).json<Prescription>();
    expect(after.fills[0]?.status).toBe('ready');
    const linked = await s.t.db.kysely
      .selectFrom('medications')
      .select('id')
      .where('prescription_id', '=', p._id)
      .execute();
    expect(linked).toEqual([]);
  });
});
