import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, Prescription, PrescriptionVerification } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import {
  insertDispensedFill,
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import { VERIFY_LIMIT } from './verify.ts';

/** Well formed, and (at 31^11 codes) not the one the scenario's doctor drew. */
const UNKNOWN_CODE = 'ZZZZ-ZZZZ-ZZZ';

describe.each(testDialects())('verifying a paper prescription by its code, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let otherPharmacy: TestAccount;
  beforeEach(async () => ({ s, pharmacy, otherPharmacy } = await pharmacyScenario(dialect)));
  afterEach(() => s.t.close());

  const verify = (typed: string, who: TestAccount = pharmacy) =>
    s.call(who, 'GET', `/api/v1/prescriptions/verify/${encodeURIComponent(typed)}`);
  const verified = async (typed: string) => {
    const res = await verify(typed);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PrescriptionVerification>();
  };
  /** Dispensed fills numbered `first` to `last`, as the fill workflow would leave them. */
  const dispense = async (p: Prescription, first: number, last: number) => {
    const at = '2027-03-10T12:00:00.000Z';
    for (let number = first; number <= last; number++) {
      await insertDispensedFill(s.t, p._id, otherPharmacy.id, at, number);
    }
  };
  const accessLog = async () =>
    (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string } & Record<string, unknown>>;
    }>().events;

  it('answers a valid one, typed in any case with spaces, with only what the paper prints', async () => {
    const p = await s.prescribe();
    const typed = ` ${p.code.toLowerCase().replace('-', ' ')} `;
    const body = await verified(typed);
    expect(body).toEqual({
      valid: true,
      reason: null,
      message: 'This prescription is valid and can be dispensed: 3 fills of 3 left.',
      prescription: {
        code: p.code,
        doctor: { name: `Ана ${p.doctor.lastname}`, specialty: 'General practice' },
        medication: { name: 'Metformin', strength: '500 mg', form: 'tablet' },
        dose: { amount: 1, unit: 'tablet', timesofday: ['day', 'night'] },
        quantity: 60,
        refills: 2,
        refillsleft: 2,
        validuntil: '2027-06-30',
        instructions: 'Take with food.',
        patient: { name: `Zoë ${p.patient.lastname}`, dateofbirth: '1990-05-17' },
        createdAt: p.createdAt,
      },
    });
    // Nothing that names the patient's or the doctor's account, nor the pharmacist's note.
    expect(JSON.stringify(body)).not.toContain(s.patient.id);
    expect(JSON.stringify(body)).not.toContain(s.doctor.id);
    expect(JSON.stringify(body)).not.toContain('Kidney');
  });

  it('writes every look into the patient’s access log under the pharmacy’s name', async () => {
    const p = await s.prescribe();
    await verified(p.code);
    await verified(p.code);
    const byPharmacy = (await accessLog()).filter((e) => JSON.stringify(e).includes(pharmacy.id));
    expect(byPharmacy.map((e) => e.description)).toEqual([
      'Checked one of your prescriptions by its code',
      'Checked one of your prescriptions by its code',
    ]);
  });

  it('says a cancelled one is not to be dispensed', async () => {
    const p = await s.prescribe();
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/prescriptions/${p._id}/cancel`, {
      reason: 'Replaced by another medication.',
    });
    const body = await verified(p.code);
    expect(body).toMatchObject({
      valid: false,
      reason: 'cancelled',
      message: 'Do not dispense: the doctor cancelled this prescription.',
    });
    // The reason is the patient's to read, not printed: the pharmacy does not get it.
    expect(JSON.stringify(body)).not.toContain('Replaced');
  });

  it('says one past its last day in the patient’s time zone has expired', async () => {
    const p = await s.prescribe();
    // 23:59 on 30 June in Berlin: still its last day.
    s.setNow('2027-06-30T21:59:00.000Z');
    expect(await verified(p.code)).toMatchObject({ valid: true, reason: null });
    s.setNow('2027-06-30T22:00:00.000Z');
    expect(await verified(p.code)).toMatchObject({
      valid: false,
      reason: 'expired',
      message:
        'Do not dispense: this prescription has expired. The patient needs a new one from their doctor.',
    });
  });

  it('counts dispensed fills against one fill and its refills', async () => {
    const p = await s.prescribe();
    await dispense(p, 1, 2);
    expect(await verified(p.code)).toMatchObject({
      valid: true,
      message: 'This prescription is valid and can be dispensed: 1 fill of 3 left.',
      prescription: { refills: 2, refillsleft: 1 },
    });
    await dispense(p, 3, 3);
    expect(await verified(p.code)).toMatchObject({
      valid: false,
      reason: 'no_fills_left',
      message: 'Do not dispense: every fill this prescription allows has already been dispensed.',
      prescription: { refillsleft: 0 },
    });
  });

  it('answers an unknown code 404 in words, and logs nothing in anyone’s access log', async () => {
    await s.prescribe();
    const res = await verify(UNKNOWN_CODE);
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiError>().error.code).toBe('no_such_code');
    expect(res.json<ApiError>().error.message).toMatch(/^No prescription in Tend has this code/);
    expect((await accessLog()).filter((e) => JSON.stringify(e).includes(pharmacy.id))).toEqual([]);
  });

  it.each([
    ['too short', '7KQ4-M9XT'],
    ['too long', '7KQ4-M9XT-2WCA'],
    ['a look-alike letter', 'OKQ4-M9XT-2WC'],
    ['a one', '1KQ4-M9XT-2WC'],
    ['punctuation', '7KQ4.M9XT.2WC'],
  ])('answers a malformed code (%s) 400 in words', async (_, typed) => {
    const res = await verify(typed);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ApiError>();
    expect(error.code).toBe('invalid_code');
    expect(error.message).toMatch(/11 letters and digits/);
  });

  it('refuses patients and doctors (wrong role) and anyone signed out', async () => {
    const p = await s.prescribe();
    const byPatient = await verify(p.code, s.patient);
    expect(byPatient.statusCode).toBe(403);
    expect(byPatient.json<ApiError>().error.message).toBe('This is only for pharmacies.');
    expect((await verify(p.code, s.doctor)).statusCode).toBe(403);
    expect((await s.call(null, 'GET', `/api/v1/prescriptions/verify/${p.code}`)).statusCode).toBe(
      401,
    );
  });

  it(`holds each pharmacy to ${VERIFY_LIMIT.max} looks in a window, in words, real codes too`, async () => {
    const p = await s.prescribe();
    for (let i = 0; i < VERIFY_LIMIT.max; i++) {
      expect((await verify(UNKNOWN_CODE)).statusCode).toBe(404);
    }
    const refused = await verify(p.code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().error.message).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\./,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A refused look reads nothing, so it is not in the patient's log.
    expect((await accessLog()).filter((e) => JSON.stringify(e).includes(pharmacy.id))).toEqual([]);
    // Another pharmacy counts on its own.
    expect((await verify(p.code, otherPharmacy)).statusCode).toBe(200);
  });
});
