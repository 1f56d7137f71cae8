import type { Insertable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ACTIVE_PRESCRIPTIONS } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import {
  METFORMIN,
  insertDispensedFill,
  prescriptionScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';
import type { PrescriptionsTable } from '../../db/schema.ts';
import type * as CodeModule from './code.ts';
import { newPrescriptionCode } from './code.ts';

// The codes are drawn here, so a test can make two of them clash.
vi.mock('./code.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CodeModule>();
  return { newPrescriptionCode: vi.fn(real.newPrescriptionCode) };
});

describe.each(testDialects())('prescription limits and account deletion on %s', (dialect) => {
  let s: PrescriptionScenario;
  beforeEach(async () => (s = await prescriptionScenario(dialect)));
  afterEach(async () => {
    vi.mocked(newPrescriptionCode).mockReset();
    await s.t.close();
  });

  /** Rows written straight to the table, as if prescribed over the years. */
  async function insertMany(count: number, changes: Partial<Insertable<PrescriptionsTable>> = {}) {
    const now = '2027-03-01T10:00:00.000Z';
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `bulk-${i}-${Math.random()}`,
      code: `BULK${String(i).padStart(7, '0')}`,
      patient_id: s.patient.id,
      doctor_id: s.doctor.id,
      pharmacy_id: null,
      medication_name: 'Metformin',
      medication_strength: '500 mg',
      medication_form: 'tablet',
      dose_amount_milli: 1000,
      dose_unit: 'tablet',
      times_of_day: 'day',
      quantity: 30,
      refills: 0,
      valid_until: '2027-12-31',
      expires_at: '2027-12-31T23:00:00.000Z',
      instructions: 'Take with food.',
      note: null,
      status: 'active' as const,
      cancel_reason: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
      ...changes,
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await s.t.db.kysely
        .insertInto('prescriptions')
        .values(rows.slice(i, i + 250))
        .execute();
    }
  }

  it(`refuses the ${MAX_ACTIVE_PRESCRIPTIONS + 1}st active prescription with a 409 in words; expired ones do not count`, async () => {
    await insertMany(MAX_ACTIVE_PRESCRIPTIONS);
    const res = await s.call(s.doctor, 'POST', '/api/v1/prescriptions', {
      patientId: s.patient.id,
      ...METFORMIN,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'too_many_prescriptions',
        message: expect.stringContaining('500 active prescriptions') as string,
      },
    });
    await s.t.db.kysely
      .updateTable('prescriptions')
      .set({ expires_at: '2027-03-01T00:00:00.000Z' })
      .where(
        'id',
        '=',
        (await s.t.db.kysely.selectFrom('prescriptions').select('id').executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect((await s.prescribe()).status).toBe('active');
  });

  it('gives the last three places to exactly three of ten racing writes', async () => {
    await insertMany(MAX_ACTIVE_PRESCRIPTIONS - 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call(s.doctor, 'POST', '/api/v1/prescriptions', {
          patientId: s.patient.id,
          ...METFORMIN,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('cancels once when five cancels race; the others are told it was already cancelled', async () => {
    const p = await s.prescribe();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.call(s.doctor, 'POST', `/api/v1/prescriptions/${p._id}/cancel`, { reason: 'Duplicate.' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: { code: 'already_cancelled' } });
    }
    const notices = await s.t.db.kysely
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', s.patient.id)
      .where('title', '=', 'Prescription cancelled')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('draws a new code when the one drawn is taken', async () => {
    vi.mocked(newPrescriptionCode)
      .mockReturnValueOnce('AAAAAAAAAAA')
      .mockReturnValueOnce('AAAAAAAAAAA')
      .mockReturnValueOnce('BBBBBBBBBBB');
    expect((await s.prescribe()).code).toBe('AAAA-AAAA-AAA');
    expect((await s.prescribe()).code).toBe('BBBB-BBBB-BBB');
  });

  describe('deleting an account', () => {
    beforeEach(async () => {
      const p = await s.prescribe();
      const now = '2027-03-10T12:00:00.000Z';
      // Another account stands in as the pharmacy it was sent to (pharmacies come with issue 20 part 1).
      await s.t.db.kysely
        .updateTable('prescriptions')
        .set({ pharmacy_id: s.otherDoctor.id })
        .where('id', '=', p._id)
        .execute();
      await insertDispensedFill(s.t, p._id, s.otherDoctor.id, now);
    });
    const count = async (table: 'prescriptions' | 'prescription_fills') =>
      (await s.t.db.kysely.selectFrom(table).selectAll().execute()).length;

    it('of the patient takes their prescriptions and fills with it', async () => {
      const res = await s.call(s.patient, 'DELETE', '/api/v1/me', { password: s.patient.password });
      expect(res.statusCode).toBe(204);
      expect([await count('prescriptions'), await count('prescription_fills')]).toEqual([0, 0]);
    });

    it('of the doctor takes the prescriptions they wrote with it, as it does their visits', async () => {
      const res = await s.call(s.doctor, 'DELETE', '/api/v1/me', { password: s.doctor.password });
      expect(res.statusCode).toBe(204);
      expect([await count('prescriptions'), await count('prescription_fills')]).toEqual([0, 0]);
      const list = await s.call(s.patient, 'GET', '/api/v1/prescriptions');
      expect(list.json()).toEqual({ prescriptions: [], nextCursor: null });
    });

    it('of the pharmacy leaves the prescription and its fill, unsent', async () => {
      const res = await s.call(s.otherDoctor, 'DELETE', '/api/v1/me', {
        password: s.otherDoctor.password,
      });
      expect(res.statusCode).toBe(204);
      const row = await s.t.db.kysely
        .selectFrom('prescriptions')
        .select('pharmacy_id')
        .executeTakeFirstOrThrow();
      const fill = await s.t.db.kysely
        .selectFrom('prescription_fills')
        .select('pharmacy_id')
        .executeTakeFirstOrThrow();
      expect([row.pharmacy_id, fill.pharmacy_id]).toEqual([null, null]);
    });
  });
});
