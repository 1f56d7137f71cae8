import {
  storedCanonical,
  type MeasurementKind,
  type MeasurementUnit,
  type MeasurementValue,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { patientAsked } from '../../lib/patient-asked.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';

/** The in-app notice a reading outside a target sends its doctor. */
export interface MeasurementNotice {
  kind: 'measurement';
  title: string;
  body: string;
  /** A path inside the web app. */
  link: string;
}

/** What the measurements module needs, handed in at composition (app.ts). */
export interface MeasurementContext {
  db: Db;
  clock: () => Date;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  /** From the notifications module: an in-app notice (and its live event) inside the transaction. */
  notify: (trx: Executor, userId: string, notice: MeasurementNotice) => Promise<void>;
  /** A reading recorded or deleted: the live event to whom it concerns, inside the transaction. */
  readingChanged: (
    trx: Executor,
    patientId: string,
    change: 'recorded' | 'deleted',
  ) => Promise<void>;
}

/** A reading outside a target counts for the doctor's flag and notice while it is this recent. */
export const OUTSIDE_TARGET_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const noSuchMeasurement = () => new AppError(404, 'not_found', 'There is no such reading.');

/** Whose readings a call is about: a patient's own; a doctor's linked patient. */
export function patientFor(
  { isLinked }: MeasurementContext,
  claims: AccessClaims,
  patientId: string | undefined,
): Promise<string> {
  return patientAsked(claims, patientId, isLinked);
}

/** A look at or a change of the patient's readings by someone else, for the patient's access log. */
export async function auditLook(
  { clock }: MeasurementContext,
  trx: Executor,
  claims: AccessClaims,
  action: AuditAction,
  patientId: string,
  ip: string,
): Promise<void> {
  if (claims.userId === patientId) return;
  await recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip }, clock());
}

/** A reading as stored: canonical, the systolic in `value` and the diastolic in `value2`. */
export function canonical(kind: MeasurementKind, value: MeasurementValue, unit: MeasurementUnit) {
  if (typeof value === 'number') return { value: storedCanonical(value, unit), value2: null };
  return {
    value: storedCanonical(value.systolic, unit),
    value2: kind === 'bloodpressure' ? storedCanonical(value.diastolic, unit) : null,
  };
}
