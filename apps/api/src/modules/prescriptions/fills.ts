import {
  OPEN_FILL_STATUSES,
  addDays,
  daysBetween,
  localDate,
  minDate,
  oneYearAfter,
  type FillStatus,
  type FillStep,
  type Prescription,
  type RefillResult,
} from '@tend/shared';
import type { Executor, PrescriptionsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';
import { dispensedMedication } from './dispensing.ts';
import {
  decideRenewal,
  insertFill,
  latestFill,
  renewedFrom,
  requestRenewal,
  stepFill,
  touchIfActive,
  type LatestFill,
} from './fills-repo.ts';
import { findPrescription, patientZone, type PrescriptionRow } from './repo.ts';
import type { PrescriptionServiceDeps } from './service.ts';
import { statusAt, timesOfDay } from './view.ts';

/** Where each step may come from: requested → preparing → ready → dispensed, or refused while open. */
const STEP_FROM: Record<FillStep, readonly FillStatus[]> = {
  preparing: ['requested'],
  ready: ['preparing'],
  dispensed: ['ready'],
  refused: OPEN_FILL_STATUSES,
};

const FILL_WORDS: Record<FillStatus, string> = {
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

const isOpen = (status: FillStatus) =>
  (OPEN_FILL_STATUSES as readonly FillStatus[]).includes(status);

/** Why the pharmacy's step cannot be taken on this fill, in words. */
function wrongStep(fill: LatestFill | undefined, step: FillStep): AppError {
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
      `There is no open fill of this prescription: fill ${fill.number} was ${fill.status === 'dispensed' ? 'already dispensed' : 'refused'}.`,
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
    `Fill ${fill.number} is ${FILL_WORDS[fill.status]}, so it cannot be marked ${STEP_WORDS[step]}.${first}`,
  );
}

/** Why a cancelled or expired prescription can no longer be prepared or handed over. */
function notFillable(row: PrescriptionRow, now: Date): AppError | null {
  const status = statusAt(row, now);
  if (status === 'cancelled') {
    return new AppError(
      409,
      'prescription_cancelled',
      'The doctor cancelled this prescription, so it can no longer be filled. Do not hand it over.',
    );
  }
  if (status === 'expired') {
    return new AppError(
      409,
      'prescription_expired',
      `This prescription was valid until ${row.valid_until} and has expired, so it can no longer be filled.`,
    );
  }
  if (status === 'completed') {
    return new AppError(
      409,
      'prescription_completed',
      'Every fill of this prescription has been dispensed: there is nothing left to fill.',
    );
  }
  return null;
}

interface FillStepsContext extends PrescriptionServiceDeps {
  reachable: (claims: AccessClaims, id: string) => Promise<PrescriptionRow>;
  current: (claims: AccessClaims, id: string) => Promise<Prescription>;
  writeNew: (
    row: Omit<PrescriptionsTable, 'code' | `renewal_${string}` | 'renewed_as_id'>,
    andThen: (trx: Executor) => Promise<void>,
  ) => Promise<void>;
  endOfDay: (validuntil: string, timeZone: string) => string;
  noSuchPrescription: () => AppError;
}

/**
 * The fill workflow (DESIGN.md "Prescriptions and pharmacies"; decision 025): the pharmacy moves the
 * open fill on, the patient asks for a refill or a renewal, the doctor answers a renewal. Every
 * change holds the patient's row (`lockPerson`) for its transaction, as sending and cancelling do,
 * so each reads the state it changes; the fill's own step is still a guarded update, so of twenty
 * racing "dispensed" exactly one changes it, on both databases.
 */
export function createFillSteps(ctx: FillStepsContext) {
  const { db, clock, announce, addDispensed, isLinked, reachable, current } = ctx;
  const { noSuchPrescription } = ctx;

  function audit(
    trx: Executor,
    actorId: string,
    action: AuditAction,
    patientId: string,
    ip: string,
  ) {
    return recordAudit(trx, { actorId, action, subjectId: patientId, ip }, clock());
  }

  function newFill(trx: Executor, row: PrescriptionRow, number: number, iso: string) {
    return insertFill(trx, {
      id: newId(),
      prescription_id: row.id,
      number,
      pharmacy_id: row.pharmacy_id,
      status: 'requested',
      reason: null,
      dispensed_at: null,
      created_at: iso,
      updated_at: iso,
    });
  }

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
      const row = await reachable(claims, id);
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
        if (!fill || !STEP_FROM[step].includes(fill.status)) throw wrongStep(fill, step);
        if (step !== 'refused') {
          const refused = notFillable(prescription, now);
          if (refused) throw refused;
        }
        const stepped = await stepFill(trx, fill.id, STEP_FROM[step], step, iso, {
          ...(step === 'refused' ? { reason: update.reason ?? null } : {}),
          ...(step === 'dispensed' ? { dispensed_at: iso } : {}),
        });
        // Another request took this step first: say what the fill is now.
        if (!stepped) throw wrongStep(await latestFill(trx, id), step);
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
        await audit(trx, claims.userId, STEP_AUDIT[step], prescription.patient_id, ip);
        await announce(trx, {
          prescriptionId: id,
          patientId: prescription.patient_id,
          doctorId: prescription.doctor_id,
          medication: prescription.medication_name,
          change: 'fill',
          fillStatus: step,
          pharmacyId: claims.userId,
          reason: update.reason ?? null,
        });
      });
      return current(claims, id);
    },

    /**
     * Its patient asks for the next fill at the same pharmacy while refills are left (or for a
     * refused one again); with none left, for a renewal by the doctor. The answer says which.
     */
    async refill(claims: AccessClaims, id: string): Promise<RefillResult> {
      const row = await reachable(claims, id);
      if (claims.role !== 'patient') throw noSuchPrescription();
      const now = clock();
      const iso = now.toISOString();
      let outcome: RefillResult['outcome'] = 'refill_requested';
      await db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, db.dialect, row.patient_id);
        const prescription = await findPrescription(trx, id);
        if (!prescription) throw noSuchPrescription();
        const status = statusAt(prescription, now);
        if (status === 'cancelled') {
          throw new AppError(
            409,
            'prescription_cancelled',
            'Your doctor cancelled this prescription, so it cannot be refilled.',
          );
        }
        if (status === 'expired') {
          throw new AppError(
            409,
            'prescription_expired',
            'This prescription has expired, so it cannot be refilled. Ask your doctor for a new one.',
          );
        }
        const notice = {
          prescriptionId: id,
          patientId: prescription.patient_id,
          doctorId: prescription.doctor_id,
          medication: prescription.medication_name,
        };
        if (status === 'completed') {
          if (prescription.renewed_as_id !== null) {
            throw new AppError(
              409,
              'already_renewed',
              'Your doctor already renewed this prescription: ask for refills of the new one.',
            );
          }
          if (!(await requestRenewal(trx, id, iso))) {
            throw new AppError(
              409,
              'renewal_pending',
              'You already asked your doctor to renew this prescription; they have not answered yet.',
            );
          }
          outcome = 'renewal_requested';
          await announce(trx, { ...notice, change: 'renewal_requested' });
          return;
        }
        const fill = await latestFill(trx, id);
        if (!fill) {
          throw new AppError(
            409,
            'not_sent',
            'Send this prescription to a pharmacy first: sending it asks for its first fill.',
          );
        }
        if (isOpen(fill.status)) {
          throw new AppError(
            409,
            'fill_open',
            `Fill ${fill.number} of this prescription is ${FILL_WORDS[fill.status]} at the pharmacy: wait until it is dispensed before asking for a refill.`,
          );
        }
        if (prescription.pharmacy_id === null) {
          throw new AppError(
            409,
            'pharmacy_gone',
            'The pharmacy that filled this prescription has left Tend, so a refill cannot be asked of it.',
          );
        }
        if (fill.status === 'refused') {
          await stepFill(trx, fill.id, ['refused'], 'requested', iso, {
            reason: null,
            pharmacy_id: prescription.pharmacy_id,
          });
        } else {
          // Dispensed, and (the prescription being active) fills are left: the next one.
          await newFill(trx, prescription, fill.number + 1, iso);
        }
        await announce(trx, {
          ...notice,
          change: 'refill_requested',
          pharmacyId: prescription.pharmacy_id,
        });
      });
      return { outcome, prescription: await current(claims, id) };
    },

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
      const row = await reachable(claims, id);
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
          await audit(trx, claims.userId, 'prescription.renewal_refused', row.patient_id, ip);
          await announce(trx, { ...notice, change: 'renewal_refused', reason });
        });
        return current(claims, id);
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
      await ctx.writeNew(
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
          expires_at: ctx.endOfDay(validuntil, timeZone),
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
            await newFill(trx, written, 1, iso);
            await announce(trx, {
              ...notice,
              prescriptionId: renewedId,
              change: 'sent',
              pharmacyId: written.pharmacy_id,
            });
          }
          await audit(trx, claims.userId, 'prescription.written', row.patient_id, ip);
          await audit(trx, claims.userId, 'prescription.renewal_approved', row.patient_id, ip);
          await announce(trx, { ...notice, prescriptionId: renewedId, change: 'renewal_approved' });
        },
      );
      return current(claims, renewedId);
    },
  };
}
