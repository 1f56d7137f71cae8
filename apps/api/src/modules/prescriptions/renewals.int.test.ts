import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Prescription, RefillResult } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import {
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';

describe.each(testDialects())('renewing a prescription, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  beforeEach(async () => ({ s, pharmacy } = await pharmacyScenario(dialect)));
  afterEach(() => s.t.close());

  const refill = (id: string) => s.call(s.patient, 'POST', `/api/v1/prescriptions/${id}/refill`);
  const decide = (id: string, body: object, who: TestAccount = s.doctor) =>
    s.call(who, 'POST', `/api/v1/prescriptions/${id}/renewal`, body);
  const notesOf = async (who: TestAccount) =>
    (await s.call(who, 'GET', '/api/v1/notifications')).json<{
      notifications: Array<{ title: string; body: string; link: string }>;
    }>().notifications;

  /** Written (valid to 30 June, no refills), sent, dispensed: its every fill used. */
  async function usedUp(): Promise<Prescription> {
    const p = await s.prescribe({ refills: 0 });
    await s.callExpecting(200, s.patient, 'POST', `/api/v1/prescriptions/${p._id}/send`, {
      pharmacyId: pharmacy.id,
    });
    await s.dispense(pharmacy, p._id);
    return p;
  }

  it('with no refills left, a refill asks the doctor for a renewal, once', async () => {
    const p = await usedUp();
    s.setNow('2027-04-01T09:00:00.000Z');
    const asked = await refill(p._id);
    expect(asked.statusCode).toBe(200);
    const result = asked.json<RefillResult>();
    expect(result.outcome).toBe('renewal_requested');
    expect(result.prescription).toMatchObject({
      status: 'completed',
      refillsleft: 0,
      renewal: {
        status: 'requested',
        reason: null,
        requestedAt: '2027-04-01T09:00:00.000Z',
        decidedAt: null,
        prescriptionId: null,
      },
    });
    expect((await notesOf(s.doctor))[0]).toMatchObject({
      title: 'Renewal requested',
      body: expect.stringContaining('asks you to renew it') as string,
      link: `/doctor/tracking-medication?patient=${s.patient.id}`,
    });
    const again = await refill(p._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: {
        code: 'renewal_pending',
        message: expect.stringContaining('not answered') as string,
      },
    });
  });

  it('refusing needs a reason and tells the patient, who may ask again', async () => {
    const p = await usedUp();
    const early = await decide(p._id, { approve: false, reason: 'Not now.' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'no_renewal_requested' } });
    await refill(p._id);
    expect((await decide(p._id, { approve: false })).statusCode).toBe(400);
    expect((await decide(p._id, { approve: false, reason: ' ' })).statusCode).toBe(400);
    expect((await decide(p._id, { approve: 'yes' })).statusCode).toBe(400);
    s.setNow('2027-03-11T08:00:00.000Z');
    const refused = await decide(p._id, {
      approve: false,
      reason: 'Come in for a blood test first.',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json<Prescription>()).toMatchObject({
      _id: p._id,
      renewal: {
        status: 'refused',
        reason: 'Come in for a blood test first.',
        decidedAt: '2027-03-11T08:00:00.000Z',
        prescriptionId: null,
      },
    });
    expect((await notesOf(s.patient))[0]).toMatchObject({
      title: 'Renewal refused',
      body: expect.stringMatching(
        /^Dr\. Ана \S+ did not renew your prescription for Metformin: Come in for a blood test first\.\.$/,
      ) as string,
    });
    const twice = await decide(p._id, { approve: false, reason: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: { message: 'This renewal was already refused.' },
    });
    const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string }>;
    }>();
    expect(log.events[0]?.description).toBe('Refused to renew one of your prescriptions');
    expect((await refill(p._id)).json<RefillResult>().outcome).toBe('renewal_requested');
  });

  it('approving writes a new prescription with a new code, valid as long, sent to the same pharmacy', async () => {
    const p = await usedUp();
    await refill(p._id);
    // Written 10 March, valid to 30 June: 112 days. Renewed 1 April → valid to 22 July.
    s.setNow('2027-04-01T09:00:00.000Z');
    const approved = await decide(p._id, { approve: true });
    expect(approved.statusCode).toBe(200);
    const renewed = approved.json<Prescription>();
    expect(renewed._id).not.toBe(p._id);
    expect(renewed.code).not.toBe(p.code);
    expect(renewed).toMatchObject({
      status: 'active',
      medication: p.medication,
      dose: p.dose,
      quantity: p.quantity,
      refills: 0,
      refillsleft: 0,
      instructions: p.instructions,
      note: p.note,
      validuntil: '2027-07-22',
      pharmacy: { _id: pharmacy.id },
      renewal: null,
      fills: [
        expect.objectContaining({
          number: 1,
          status: 'requested',
          pharmacy: expect.objectContaining({ _id: pharmacy.id }) as unknown,
        }),
      ],
    });
    const old = (
      await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`)
    ).json<Prescription>();
    expect(old.renewal).toMatchObject({ status: 'approved', prescriptionId: renewed._id });
    expect((await notesOf(s.patient))[0]).toMatchObject({
      title: 'Prescription renewed',
      body: expect.stringMatching(
        /^Dr\. Ана \S+ renewed your prescription for Metformin\.$/,
      ) as string,
    });
    expect((await notesOf(pharmacy))[0]).toMatchObject({ title: 'Prescription received' });
    const stale = await refill(p._id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'already_renewed' } });
    expect(
      (
        await s.call(pharmacy, 'POST', `/api/v1/prescriptions/${renewed._id}/fills/current`, {
          status: 'preparing',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('dispensing a renewal continues the medications of the prescription it renews', async () => {
    const p = await usedUp();
    const before = await s.medications();
    expect(before.map((m) => [m.timefrequency, m.supply, m.prescriptionId])).toEqual([
      ['day', 30, p._id],
      ['night', 30, p._id],
    ]);
    await refill(p._id);
    const renewed = (await decide(p._id, { approve: true })).json<Prescription>();
    await s.dispense(pharmacy, renewed._id);
    // The same two medications, not two more: their supply grows, and their refills now go to
    // the renewal.
    const after = await s.medications();
    expect(after.map((m) => [m._id, m.timefrequency, m.supply, m.prescriptionId])).toEqual([
      [before[0]?._id, 'day', 60, renewed._id],
      [before[1]?._id, 'night', 60, renewed._id],
    ]);
    expect(after.map((m) => m.startdate)).toEqual(before.map((m) => m.startdate));
  });

  it('caps a renewal’s validity at a year from today', async () => {
    const p = await usedUp();
    // Were it valid 18 months (the table allows what the API never writes), a renewal still ends
    // a year from the day it is approved.
    await s.t.db.kysely
      .updateTable('prescriptions')
      .set({ valid_until: '2028-09-10' })
      .where('id', '=', p._id)
      .execute();
    await refill(p._id);
    s.setNow('2027-05-02T09:00:00.000Z');
    const renewed = (await decide(p._id, { approve: true })).json<Prescription>();
    expect(renewed.validuntil).toBe('2028-05-02');
  });

  it('is for its doctor: another doctor 404, patients and pharmacies 403; an unlinked patient 409', async () => {
    const p = await usedUp();
    await refill(p._id);
    expect((await decide(p._id, { approve: true }, s.otherDoctor)).statusCode).toBe(404);
    expect((await decide(p._id, { approve: true }, s.patient)).statusCode).toBe(403);
    expect((await decide(p._id, { approve: true }, pharmacy)).statusCode).toBe(403);
    expect(
      (await decide(p._id, { approve: true }, null as unknown as TestAccount)).statusCode,
    ).toBe(401);
    await s.t.db.kysely.deleteFrom('care_links').where('patient_id', '=', s.patient.id).execute();
    const unlinked = await decide(p._id, { approve: true });
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json()).toMatchObject({
      error: { code: 'not_linked', message: expect.stringContaining('no longer shares') as string },
    });
    // Refusing still works, so the patient is not left waiting.
    expect(
      (await decide(p._id, { approve: false, reason: 'No longer your doctor.' })).statusCode,
    ).toBe(200);
  });
});
