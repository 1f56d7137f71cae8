import {
  addDays,
  daysBetween,
  localDate,
  minDate,
  oneYearAfter,
  type Prescription,
} from '@tend/shared';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { timesOfDay } from '../../lib/times-of-day.ts';
import {
  auditByOthers,
  current,
  endOfDay,
  newFill,
  noSuchPrescription,
  reachable,
  writeNew,
  type PrescriptionContext,
} from './context.ts';
import { decideRenewal } from './fills-repo.ts';
import { findPrescription, patientZone } from './repo.ts';

/** The doctor's part of the fill workflow (fills.ts): answering a renewal the patient asked for. */
export function renewalService(ctx: PrescriptionContext) {
  const { db, clock, announce, isLinked } = ctx;

  return {
    /**
     * Its doctor answers a renewal the patient asked for. Approving writes a new prescription with
     * the same fields and a new code, valid as long as the first was (from the day it was written
     * to its last day), counted from today and at most a year, and sends it to the same pharmacy
     * with its first fill asked for. Refusing needs a reason. The patient is told either way.
     */
    async decideRenewal(
      claims: AccessClaims,
      id: string,
      decision: { approve: boolean; reason?: string | undefined },
      ip: string,
    ): Promise<Prescription> {
      const row = await reachable(ctx, claims, id);
      if (claims.role !== 'doctor') throw noSuchPrescription();
      const noneAsked = () =>
        new AppError(
          409,
          'no_renewal_requested',
          row.renewal_status === null || row.renewal_status === 'requested'
            ? 'The patient has not asked to renew this prescription.'
            : `This renewal was already ${row.renewal_status}.`,
        );
      if (row.renewal_status !== 'requested') throw noneAsked();
      const now = clock();
      const iso = now.toISOString();
      const notice = {
        prescriptionId: id,
        patientId: row.patient_id,
        doctorId: row.doctor_id,
        medication: row.medication_name,
      };
      if (!decision.approve) {
        const reason = decision.reason ?? null;
        await db.kysely.transaction().execute(async (trx) => {
          await lockPerson(trx, db.dialect, row.patient_id);
          const decided = await decideRenewal(
            trx,
            id,
            { status: 'refused', reason, renewedAs: null },
            iso,
          );
          if (!decided) throw noneAsked();
          await auditByOthers(ctx, trx, claims, 'prescription.renewal_refused', row.patient_id, ip);
          await announce(trx, { ...notice, change: 'renewal_refused', reason });
        });
        return current(ctx, claims, id);
      }
      if (!(await isLinked(row.patient_id, claims.userId))) {
        throw new AppError(
          409,
          'not_linked',
          'This patient no longer shares with you, so you cannot write them a new prescription. Refuse the renewal instead, saying why.',
        );
      }
      const timeZone = (await patientZone(db.kysely, row.patient_id)) ?? 'UTC';
      const today = localDate(now, timeZone);
      const validDays = Math.max(
        0,
        daysBetween(localDate(new Date(row.created_at), timeZone), row.valid_until),
      );
      const validuntil = minDate(addDays(today, validDays), oneYearAfter(today));
      const renewedId = newId();
      await writeNew(
        ctx,
        {
          id: renewedId,
          patient_id: row.patient_id,
          doctor_id: row.doctor_id,
          pharmacy_id: row.pharmacy_id,
          medication_name: row.medication_name,
          medication_strength: row.medication_strength,
          medication_form: row.medication_form,
          dose_amount_milli: row.dose_amount_milli,
          dose_unit: row.dose_unit,
          times_of_day: timesOfDay(row.times_of_day).join(','),
          quantity: row.quantity,
          refills: row.refills,
          valid_until: validuntil,
          expires_at: endOfDay(validuntil, timeZone),
          instructions: row.instructions,
          note: row.note,
          status: 'active',
          cancel_reason: null,
          cancelled_at: null,
          created_at: iso,
          updated_at: iso,
        },
        async (trx) => {
          const decided = await decideRenewal(
            trx,
            id,
            { status: 'approved', reason: decision.reason ?? null, renewedAs: renewedId },
            iso,
          );
          if (!decided) throw noneAsked();
          const written = await findPrescription(trx, renewedId);
          if (written && written.pharmacy_id !== null) {
            await newFill(
              trx,
              { prescriptionId: renewedId, pharmacyId: written.pharmacy_id, number: 1 },
              iso,
            );
            await announce(trx, {
              ...notice,
              prescriptionId: renewedId,
              change: 'sent',
              pharmacyId: written.pharmacy_id,
            });
          }
          await auditByOthers(ctx, trx, claims, 'prescription.written', row.patient_id, ip);
          await auditByOthers(
            ctx,
            trx,
            claims,
            'prescription.renewal_approved',
            row.patient_id,
            ip,
          );
          await announce(trx, { ...notice, prescriptionId: renewedId, change: 'renewal_approved' });
        },
      );
      return current(ctx, claims, renewedId);
    },
  };
}
