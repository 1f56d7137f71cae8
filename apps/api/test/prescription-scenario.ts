import type { Medication, Prescription, PrescriptionCreate } from '@tend/shared';
import type { Dialect } from '../src/db/database.ts';
import { createAccount, type TestAccount } from './accounts.ts';
import type { TestApp } from './helper.ts';
import { peopleScenario, type PeopleScenario } from './people-scenario.ts';

/** Wednesday 10 March 2027, 13:00 in Berlin. */
export const START = '2027-03-10T12:00:00.000Z';

export const METFORMIN: Omit<PrescriptionCreate, 'patientId'> = {
  medication: { name: 'Metformin', strength: '500 mg', form: 'tablet' },
  dose: { amount: 1, unit: 'tablet', timesofday: ['day', 'night'] },
  quantity: 60,
  refills: 2,
  validuntil: '2027-06-30',
  instructions: 'Take with food.',
  note: 'Kidney function checked in February; no change needed.',
};

export interface PrescriptionScenario extends PeopleScenario {
  /** The doctor writes one for the patient (METFORMIN with changes) and returns it. */
  prescribe(changes?: Partial<PrescriptionCreate>, by?: TestAccount): Promise<Prescription>;
  /** The pharmacy takes the prescription's open fill through preparing and ready to dispensed. */
  dispense(pharmacy: TestAccount, prescriptionId: string): Promise<void>;
  /** The patient's medication list, as GET /medications answers it. */
  medications(): Promise<Medication[]>;
}

/**
 * A patient in Berlin (born 17 May 1990) who shares with the doctor, another patient, the doctor and
 * another doctor, on a fresh database with a clock the test controls.
 */
export async function prescriptionScenario(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<PrescriptionScenario> {
  const s = await peopleScenario(dialect, START, env);
  const { patient, doctor } = s;
  await s.callExpecting(200, patient, 'PATCH', '/api/v1/me/update', {
    timezone: 'Europe/Berlin',
    dateofbirth: '1990-05-17',
  });
  await s.callExpecting(201, patient, 'POST', '/api/v1/care-links', { doctorId: doctor.id });
  await s.callExpecting(200, doctor, 'PATCH', '/api/v1/me/update', {
    specialty: 'General practice',
  });
  return {
    ...s,
    async prescribe(changes = {}, by = doctor) {
      const res = await s.callExpecting(201, by, 'POST', '/api/v1/prescriptions', {
        patientId: patient.id,
        ...METFORMIN,
        ...changes,
      });
      return res.json<Prescription>();
    },
    async dispense(pharmacy, prescriptionId) {
      for (const status of ['preparing', 'ready', 'dispensed']) {
        await s.callExpecting(
          200,
          pharmacy,
          'POST',
          `/api/v1/prescriptions/${prescriptionId}/fills/current`,
          { status },
        );
      }
    },
    async medications() {
      const res = await s.callExpecting(200, patient, 'GET', '/api/v1/medications');
      return res.json<{ medications: Medication[] }>().medications;
    },
  };
}

/** The prescription scenario and two pharmacies to send its prescriptions to: Álamo, then Birch. */
export async function pharmacyScenario(dialect: Dialect) {
  const s = await prescriptionScenario(dialect);
  const pharmacy = await createAccount(s.t, 'pharmacy', { pharmacy: { name: 'Álamo Pharmacy' } });
  const otherPharmacy = await createAccount(s.t, 'pharmacy', {
    pharmacy: { name: 'Birch Pharmacy' },
  });
  return { s, pharmacy, otherPharmacy };
}

/**
 * Fill `number` (the first unless told) of the prescription, dispensed at `at` by `pharmacyId`,
 * written straight into its table.
 */
export async function insertDispensedFill(
  t: TestApp,
  prescriptionId: string,
  pharmacyId: string | null,
  at: string,
  number = 1,
): Promise<void> {
  await t.db.kysely
    .insertInto('prescription_fills')
    .values({
      id: `fill-${prescriptionId}-${number}`,
      prescription_id: prescriptionId,
      number,
      pharmacy_id: pharmacyId,
      status: 'dispensed',
      reason: null,
      dispensed_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
