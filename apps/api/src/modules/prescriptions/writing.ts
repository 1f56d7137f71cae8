import { localDate, validUntilProblem, type PrescriptionCreateData } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import { lockPerson } from '../../db/person-lock.ts';
import {
  auditByOthers,
  current,
  endOfDay,
  noSuchPrescription,
  reachable,
  refusalFor,
  writeNew,
  type PrescriptionContext,
} from './context.ts';
import {
  cancelIfOpen,
  findPrescription,
  hasFillIn,
  patientZone,
  type PrescriptionRow,
} from './repo.ts';
import { statusAt } from './view.ts';

const notCancellable = () =>
  new AppError(409, 'not_cancellable', 'This prescription can no longer be cancelled.');

const ALREADY_DISPENSED = [
  'already_dispensed',
  'A pharmacy has already dispensed this prescription, so it can no longer be cancelled.',
] as const;

async function whyNotCancellable(
  executor: Executor,
  row: PrescriptionRow,
  now: Date,
): Promise<AppError | null> {
  const refused = refusalFor(statusAt(row, now), {
    cancelled: ['already_cancelled', 'This prescription was already cancelled.'],
    expired: [
      'prescription_expired',
      'This prescription has expired, so it can no longer be filled and needs no cancelling.',
    ],
    completed: ALREADY_DISPENSED,
  });
  if (refused) return refused;
  const dispensed = await hasFillIn(executor, row.id, ['dispensed']);
  return dispensed ? new AppError(409, ...ALREADY_DISPENSED) : null;
}

/** The doctor's own acts: writing a prescription for a linked patient, and cancelling it. */
export function writingService(ctx: PrescriptionContext) {
  const { db, clock, isLinked, announce } = ctx;

  return {
    async create(claims: AccessClaims, body: PrescriptionCreateData, ip: string) {
      if (!(await isLinked(body.patientId, claims.userId))) throw noSuchPatient();
      const timeZone = await patientZone(db.kysely, body.patientId);
      if (timeZone === undefined) throw noSuchPatient();
      const now = clock();
      const problem = validUntilProblem(body.validuntil, localDate(now, timeZone));
      if (problem) {
        throw new AppError(400, 'invalid_input', problem, { validuntil: problem });
      }
      const id = newId();
      const iso = now.toISOString();
      await writeNew(
        ctx,
        {
          id,
          patient_id: body.patientId,
          doctor_id: claims.userId,
          pharmacy_id: null,
          medication_name: body.medication.name,
          medication_strength: body.medication.strength,
          medication_form: body.medication.form,
          dose_amount_milli: Math.round(body.dose.amount * 1000),
          dose_unit: body.dose.unit,
          times_of_day: body.dose.timesofday.join(','),
          quantity: body.quantity,
          refills: body.refills,
          valid_until: body.validuntil,
          expires_at: endOfDay(body.validuntil, timeZone),
          instructions: body.instructions,
          note: body.note ? body.note : null,
          status: 'active' as const,
          cancel_reason: null,
          cancelled_at: null,
          created_at: iso,
          updated_at: iso,
        },
        async (trx) => {
          await auditByOthers(ctx, trx, claims, 'prescription.written', body.patientId, ip);
          await announce(trx, {
            prescriptionId: id,
            patientId: body.patientId,
            doctorId: claims.userId,
            medication: body.medication.name,
            change: 'written',
          });
        },
      );
      return current(ctx, claims, id);
    },

    async cancel(claims: AccessClaims, id: string, reason: string, ip: string) {
      const row = await reachable(ctx, claims, id);
      if (claims.role !== 'doctor') throw noSuchPrescription();
      const now = clock();
      const refused = await whyNotCancellable(db.kysely, row, now);
      if (refused) throw refused;
      await db.kysely.transaction().execute(async (trx) => {
        // Held as a dispensing holds it: a cancel and a dispensing never both succeed.
        await lockPerson(trx, db.dialect, row.patient_id);
        if (!(await cancelIfOpen(trx, id, reason, now.toISOString()))) {
          // Changed since it was read (a dispense or another cancel won): say what it is now.
          const latestRow = await findPrescription(trx, id);
          throw (latestRow && (await whyNotCancellable(trx, latestRow, now))) ?? notCancellable();
        }
        await auditByOthers(ctx, trx, claims, 'prescription.cancelled', row.patient_id, ip);
        await announce(trx, {
          prescriptionId: id,
          patientId: row.patient_id,
          doctorId: row.doctor_id,
          medication: row.medication_name,
          change: 'cancelled',
          pharmacyId: row.pharmacy_id,
        });
      });
      return current(ctx, claims, id);
    },
  };
}
