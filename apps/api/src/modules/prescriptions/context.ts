import { Temporal } from 'temporal-polyfill';
import {
  MAX_ACTIVE_PRESCRIPTIONS,
  addDays,
  type Prescription,
  type PrescriptionStatus,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor, PrescriptionsTable } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';
import { newPrescriptionCode } from './code.ts';
import type { DispensedMedication } from './dispensing.ts';
import { insertFill } from './fills-repo.ts';
import { countActive, fillsOf, findPrescription, insertPrescription } from './repo.ts';
import type { PrescriptionRow } from './repo.ts';
import { toPrescription, type Viewer } from './view.ts';
import type { PrescriptionNotice } from '../../lib/prescription-notice.ts';

export type { PrescriptionNotice };

/** What the prescriptions module needs, handed in at composition (app.ts). */
export interface PrescriptionContext {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** Tells the patient, or the pharmacy it was sent to (notifications), inside the change's transaction. */
  announce: (trx: Executor, notice: PrescriptionNotice) => Promise<void>;
  /** From the pharmacies module: whether the id is a pharmacy in the directory. */
  isListedPharmacy: (id: string) => Promise<boolean>;
  /** From the medications module: puts a dispensing on the patient's list, inside its transaction. */
  addDispensed: (trx: Executor, patientId: string, dispensed: DispensedMedication) => Promise<void>;
}

/** A new prescription's row before its code is drawn (writeNew draws it). */
export type NewPrescription = Omit<
  PrescriptionsTable,
  'code' | `renewal_${string}` | 'renewed_as_id'
>;

export const noSuchPrescription = () =>
  new AppError(404, 'not_found', 'There is no such prescription.');

/** A clash of two random 54-bit codes is rarer than a lost disk; a few tries are plenty. */
const CODE_TRIES = 5;
const CODE_INDEX = { table: 'prescriptions', columns: ['code'] };

/** For some statuses, the 409 an act answers with: its code and its words. */
export type StatusRefusals = Partial<
  Record<PrescriptionStatus, readonly [code: string, message: string]>
>;

/** The 409 of an act the prescription's status stops, in that act's words; null when it does not. */
export function refusalFor(status: PrescriptionStatus, refusals: StatusRefusals): AppError | null {
  const refusal = refusals[status];
  return refusal ? new AppError(409, refusal[0], refusal[1]) : null;
}

/** The first instant after `validuntil` in the patient's time zone: when it stops being valid. */
export function endOfDay(validuntil: string, timeZone: string): string {
  const next = Temporal.PlainDate.from(addDays(validuntil, 1));
  const ms = next.toZonedDateTime({ timeZone }).epochMilliseconds;
  return new Date(ms).toISOString();
}

/**
 * The prescription, if the caller is its patient, its doctor or the pharmacy it was sent to; else
 * a 404 that says nothing more.
 */
export async function reachable(
  { db }: PrescriptionContext,
  claims: AccessClaims,
  id: string,
): Promise<PrescriptionRow> {
  const row = await findPrescription(db.kysely, id);
  const mine =
    row &&
    ((claims.role === 'patient' && row.patient_id === claims.userId) ||
      (claims.role === 'doctor' && row.doctor_id === claims.userId) ||
      (claims.role === 'pharmacy' && row.pharmacy_id === claims.userId));
  if (!row || !mine) throw noSuchPrescription();
  return row;
}

/** The prescriptions as `viewer` reads them, each with its fills. */
export async function withFills(
  { db, clock }: PrescriptionContext,
  rows: PrescriptionRow[],
  viewer: Viewer,
): Promise<Prescription[]> {
  const fills = await fillsOf(
    db.kysely,
    rows.map((r) => r.id),
  );
  const now = clock();
  return rows.map((r) =>
    toPrescription(
      r,
      fills.filter((f) => f.prescription_id === r.id),
      viewer,
      now,
    ),
  );
}

/** The prescription as `claims` reads it now (after a change). */
export async function current(
  ctx: PrescriptionContext,
  claims: AccessClaims,
  id: string,
): Promise<Prescription> {
  const row = await findPrescription(ctx.db.kysely, id);
  if (!row) throw noSuchPrescription();
  return (await withFills(ctx, [row], claims.role))[0] as Prescription;
}

/** A doctor's or a pharmacy's act on the patient's prescription, for the patient's access log. */
export function auditByOthers(
  { clock }: PrescriptionContext,
  trx: Executor,
  claims: AccessClaims,
  action: AuditAction,
  patientId: string,
  ip: string,
): Promise<void> {
  if (claims.role === 'patient') return Promise.resolve();
  return recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip }, clock());
}

/** Asks `pharmacyId` for fill `number` of the prescription. */
export function newFill(
  trx: Executor,
  fill: { prescriptionId: string; pharmacyId: string | null; number: number },
  iso: string,
): Promise<void> {
  return insertFill(trx, {
    id: newId(),
    prescription_id: fill.prescriptionId,
    number: fill.number,
    pharmacy_id: fill.pharmacyId,
    status: 'requested',
    reason: null,
    dispensed_at: null,
    created_at: iso,
    updated_at: iso,
  });
}

/**
 * Inserts a new prescription (its code drawn here) under the patient's cap, with the patient's row
 * held, then `andThen` in the same transaction. A clash of codes is decided by the unique index,
 * not a read: the whole transaction is tried again with a new code.
 */
export async function writeNew(
  { db }: PrescriptionContext,
  row: NewPrescription,
  andThen: (trx: Executor) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, db.dialect, row.patient_id);
        if ((await countActive(trx, row.patient_id, row.created_at)) >= MAX_ACTIVE_PRESCRIPTIONS) {
          throw new AppError(
            409,
            'too_many_prescriptions',
            `This patient already has ${MAX_ACTIVE_PRESCRIPTIONS} active prescriptions, the most Tend keeps. Cancel one that is no longer needed to write another.`,
          );
        }
        await insertPrescription(trx, { ...row, code: newPrescriptionCode() });
        await andThen(trx);
      });
      return;
    } catch (error) {
      if (attempt >= CODE_TRIES || !violates(error, CODE_INDEX)) throw error;
    }
  }
}
