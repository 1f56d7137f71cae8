import {
  fillName,
  OPEN_FILL_STATUSES,
  type FillStatus,
  type FillStep,
  type Prescription,
} from '@tend/shared';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockPerson } from '../../db/person-lock.ts';
import type { AuditAction } from '../audit/service.ts';
import {
  auditByOthers,
  current,
  noSuchPrescription,
  reachable,
  refusalFor,
  type PrescriptionContext,
} from './context.ts';
import { dispensedMedication } from './dispensing.ts';
import { latestFill, renewedFrom, stepFill, touchIfActive, type LatestFill } from './fills-repo.ts';
import { findPrescription, type PrescriptionRow } from './repo.ts';
import { statusAt } from './view.ts';

/** Where each step may come from: requested → preparing → ready → dispensed, or refused while open. */
const STEP_FROM: Record<FillStep, readonly FillStatus[]> = {
  preparing: ['requested'],
  ready: ['preparing'],
  dispensed: ['ready'],
  refused: OPEN_FILL_STATUSES,
};

/** What a fill's status is, in words. */
export const FILL_WORDS: Record<FillStatus, string> = {
  requested: 'only requested so far',
  preparing: 'being prepared',
  ready: 'ready to collect',
  dispensed: 'already dispensed',
  refused: 'refused',
};

const STEP_WORDS: Record<FillStep, string> = {
  preparing: 'being prepared',
  ready: 'ready to collect',
  dispensed: 'dispensed',
  refused: 'refused',
};

const STEP_AUDIT: Record<FillStep, AuditAction> = {
  preparing: 'prescription.fill_preparing',
  ready: 'prescription.fill_ready',
  dispensed: 'prescription.dispensed',
  refused: 'prescription.fill_refused',
};

export const isOpen = (status: FillStatus) =>
  (OPEN_FILL_STATUSES as readonly FillStatus[]).includes(status);

/** Why the pharmacy's step cannot be taken on this fill, in words. */
function wrongStep(fill: LatestFill | undefined, step: FillStep, refills: number): AppError {
  if (!fill) {
    return new AppError(
      409,
      'fill_not_open',
      'No fill of this prescription has been asked for yet.',
    );
  }
  if (!isOpen(fill.status)) {
    return new AppError(
      409,
      'fill_not_open',
      `There is no open fill of this prescription: ${fillName(fill.number, refills, 'en')} was ${fill.status === 'dispensed' ? 'already dispensed' : 'refused'}.`,
    );
  }
  const first =
    step === 'ready'
      ? ' Mark it as being prepared first.'
      : step === 'dispensed'
        ? ' Mark it ready to collect before handing it over.'
        : '';
  return new AppError(
    409,
    'fill_step_not_allowed',
    `${fillName(fill.number, refills, 'en')} is ${FILL_WORDS[fill.status]}, so it cannot be marked ${STEP_WORDS[step]}.${first}`,
  );
}

/** Why a cancelled or expired prescription can no longer be prepared or handed over. */
function notFillable(row: PrescriptionRow, now: Date): AppError | null {
  return refusalFor(statusAt(row, now), {
    cancelled: [
      'prescription_cancelled',
      'The doctor cancelled this prescription, so it can no longer be filled. Do not hand it over.',
    ],
    expired: [
      'prescription_expired',
      `This prescription was valid until ${row.valid_until} and has expired, so it can no longer be filled.`,
    ],
    completed: [
      'prescription_completed',
      'Every fill of this prescription has been dispensed: there is nothing left to fill.',
    ],
  });
}

/**
 * The fill workflow (DESIGN.md "Prescriptions and pharmacies"; decision 025), the pharmacy's part:
 * it moves the open fill on (refills.ts and renewals.ts hold the patient's and the doctor's parts). Every
 * change holds the patient's row (`lockPerson`) for its transaction, as sending and cancelling do,
 * so each reads the state it changes; the fill's own step is still a guarded update, so of twenty
 * racing "dispensed" exactly one changes it, on both databases.
 */
export function fillService(ctx: PrescriptionContext) {
  const { db, clock, announce, addDispensed } = ctx;

  return {
    /**
     * The pharmacy it was sent to moves its open fill one step. Dispensing puts the medication on
     * the patient's list in the same transaction, and the last allowed fill completes it.
     */
    async stepFill(
      claims: AccessClaims,
      id: string,
      update: { status: FillStep; reason?: string | undefined },
      ip: string,
    ): Promise<Prescription> {
      const row = await reachable(ctx, claims, id);
      if (claims.role !== 'pharmacy') throw noSuchPrescription();
      const now = clock();
      const iso = now.toISOString();
      const step = update.status;
      await db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, db.dialect, row.patient_id);
        const prescription = await findPrescription(trx, id);
        // Moved to another pharmacy since it was read: it is no longer this one's.
        if (!prescription || prescription.pharmacy_id !== claims.userId) {
          throw noSuchPrescription();
        }
        const fill = await latestFill(trx, id);
        if (!fill || !STEP_FROM[step].includes(fill.status))
          throw wrongStep(fill, step, prescription.refills);
        if (step !== 'refused') {
          const refused = notFillable(prescription, now);
          if (refused) throw refused;
        }
        const stepped = await stepFill(trx, fill.id, STEP_FROM[step], step, iso, {
          ...(step === 'refused' ? { reason: update.reason ?? null } : {}),
          ...(step === 'dispensed' ? { dispensed_at: iso } : {}),
        });
        // Another request took this step first: say what the fill is now.
        if (!stepped) throw wrongStep(await latestFill(trx, id), step, prescription.refills);
        if (step === 'dispensed') {
          const last = fill.number >= 1 + prescription.refills;
          if (!(await touchIfActive(trx, id, iso, last))) {
            throw notFillable(prescription, now) ?? noSuchPrescription();
          }
          await addDispensed(
            trx,
            prescription.patient_id,
            dispensedMedication(prescription, await renewedFrom(trx, id)),
          );
        }
        await auditByOthers(ctx, trx, claims, STEP_AUDIT[step], prescription.patient_id, ip);
        await announce(trx, {
          prescriptionId: id,
          patientId: prescription.patient_id,
          doctorId: prescription.doctor_id,
          medication: prescription.medication_name,
          change: 'fill',
          fillStatus: step,
          fill: { number: fill.number, refills: prescription.refills },
          pharmacyId: claims.userId,
          reason: update.reason ?? null,
        });
      });
      return current(ctx, claims, id);
    },
  };
}
