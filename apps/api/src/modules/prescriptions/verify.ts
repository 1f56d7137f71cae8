import {
  groupPrescriptionCode,
  normalizePrescriptionCode,
  refillsLeft,
  type PrescriptionVerification,
  type VerifyReason,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { tooManyRequestsMessage } from '../../lib/wait-words.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudit } from '../audit/service.ts';
import { countDispensed, fillStatuses } from './fills-repo.ts';
import { timesOfDay } from '../../lib/times-of-day.ts';
import { statusAt } from './view.ts';

/**
 * Looks a pharmacy may make per window. A code is 11 of 31 letters (≈ 54.5 bits): at this pace one
 * pharmacy account would need millions of years to find a single live code by guessing, while a
 * busy counter checking a paper prescription every few seconds never meets the limit.
 */
export const VERIFY_LIMIT = { max: 60, windowMs: 10 * 60_000 };

const malformed = () =>
  new AppError(
    400,
    'invalid_code',
    'That is not a prescription code: it is 11 letters and digits, like 7KQ4-M9XT-2WC (no 0, 1, I, L or O).',
    { code: 'Enter the 11-character code printed on the prescription, like 7KQ4-M9XT-2WC.' },
  );
const noSuchCode = () =>
  new AppError(
    404,
    'no_such_code',
    'No prescription in Tend has this code. Check it against the paper, letter by letter, or ask the patient to have their doctor confirm it.',
  );

/** What the printed prescription shows, found by its stored (bare) code. */
function byCode(db: Executor, code: string) {
  return db
    .selectFrom('prescriptions')
    .innerJoin('users as patient', 'patient.id', 'prescriptions.patient_id')
    .innerJoin('users as doctor', 'doctor.id', 'prescriptions.doctor_id')
    .select([
      'prescriptions.id',
      'prescriptions.code',
      'prescriptions.patient_id',
      'prescriptions.status',
      'prescriptions.expires_at',
      'prescriptions.medication_name',
      'prescriptions.medication_strength',
      'prescriptions.medication_form',
      'prescriptions.dose_amount_milli',
      'prescriptions.dose_unit',
      'prescriptions.times_of_day',
      'prescriptions.quantity',
      'prescriptions.refills',
      'prescriptions.valid_until',
      'prescriptions.instructions',
      'prescriptions.created_at',
      'patient.firstname as patient_firstname',
      'patient.lastname as patient_lastname',
      'patient.dateofbirth as patient_dateofbirth',
      'doctor.firstname as doctor_firstname',
      'doctor.lastname as doctor_lastname',
      'doctor.specialty as doctor_specialty',
    ])
    .where('prescriptions.code', '=', code)
    .executeTakeFirst();
}

const MESSAGES: Record<VerifyReason, string> = {
  cancelled: 'Do not dispense: the doctor cancelled this prescription.',
  expired:
    'Do not dispense: this prescription has expired. The patient needs a new one from their doctor.',
  no_fills_left: 'Do not dispense: every fill this prescription allows has already been dispensed.',
};

function validMessage(fillsLeft: number, fillsAllowed: number): string {
  const left = fillsLeft === 1 ? '1 fill' : `${fillsLeft} fills`;
  return `This prescription is valid and can be dispensed: ${left} of ${fillsAllowed} left.`;
}

export interface VerifyServiceDeps {
  db: Db;
  clock: () => Date;
  counters: CounterStore;
}

/**
 * A pharmacy checks a paper prescription by its printed code: valid, or why not. Any pharmacy may
 * (the paper can be handed to any counter), so the code is the only key, and guessing codes is
 * held to VERIFY_LIMIT per pharmacy in the counters every instance shares. Every look at a real
 * prescription is in its patient's access log; an unknown code names nobody, so logs nothing.
 */
export function createVerifyService({ db, clock, counters }: VerifyServiceDeps) {
  return {
    async verify(
      claims: AccessClaims,
      typed: string,
      ip: string,
    ): Promise<PrescriptionVerification> {
      const code = normalizePrescriptionCode(typed);
      if (code === null) throw malformed();
      // Counted before the look and whatever it finds, so parallel guesses cannot outrun the count.
      const { count, ttlMs } = await counters.hit(
        `rate:verify-prescription:${claims.userId}`,
        VERIFY_LIMIT.windowMs,
      );
      if (count > VERIFY_LIMIT.max) {
        const wait = Math.max(1000, ttlMs);
        throw new AppError(
          429,
          'too_many_requests',
          `${tooManyRequestsMessage(wait)} A pharmacy may check ${VERIFY_LIMIT.max} codes every ${VERIFY_LIMIT.windowMs / 60_000} minutes.`,
          undefined,
          { retryAfterMs: wait },
        );
      }
      const row = await byCode(db.kysely, code);
      if (!row) throw noSuchCode();
      const dispensed = await countDispensed(db.kysely, row.id);
      const now = clock();
      await recordAudit(
        db.kysely,
        { actorId: claims.userId, action: 'prescription.verified', subjectId: row.patient_id, ip },
        now,
      );
      const fillsAllowed = 1 + row.refills;
      const fillsLeft = Math.max(0, fillsAllowed - dispensed);
      const status = statusAt(row, now);
      const reason: VerifyReason | null =
        status === 'cancelled'
          ? 'cancelled'
          : status === 'completed' || fillsLeft === 0
            ? 'no_fills_left'
            : status === 'expired'
              ? 'expired'
              : null;
      return {
        valid: reason === null,
        reason,
        message: reason === null ? validMessage(fillsLeft, fillsAllowed) : MESSAGES[reason],
        prescription: {
          code: groupPrescriptionCode(row.code),
          doctor: {
            name: `${row.doctor_firstname} ${row.doctor_lastname}`,
            specialty: row.doctor_specialty,
          },
          medication: {
            name: row.medication_name,
            strength: row.medication_strength,
            form: row.medication_form,
          },
          dose: {
            amount: row.dose_amount_milli / 1000,
            unit: row.dose_unit,
            timesofday: timesOfDay(row.times_of_day),
          },
          quantity: row.quantity,
          refills: row.refills,
          // What can still be asked for, as the patient's and the pharmacy's cards count it.
          refillsleft: refillsLeft(row.refills, await fillStatuses(db.kysely, row.id)),
          validuntil: row.valid_until,
          instructions: row.instructions,
          patient: {
            name: `${row.patient_firstname} ${row.patient_lastname}`,
            dateofbirth: row.patient_dateofbirth,
          },
          createdAt: row.created_at,
        },
      };
    },
  };
}

export type VerifyService = ReturnType<typeof createVerifyService>;
