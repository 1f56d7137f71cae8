import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UniqueViolation } from '../../lib/unique-violation.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { VisitChange } from '../../lib/visit-change.ts';
import { findAppointmentRow, type AppointmentRow } from './repo.ts';

/** What the care module does when a doctor accepts a visit: link the two, as if the patient had shared. */
export type LinkOnAccept = (
  trx: Executor,
  link: { patientId: string; doctorId: string; ip: string },
  now: Date,
) => Promise<void>;

export type { VisitChange };
/** Tells of a change to a visit (the notifications and reminders modules), in its transaction. */
export type AnnounceChange = (trx: Executor, change: VisitChange) => Promise<void>;

export interface AppointmentContext {
  db: Db;
  clock: () => Date;
  linkOnAccept: LinkOnAccept;
  announce: AnnounceChange;
  /** The clinic's currency (config CLINIC_CURRENCY): every fee and payment is in it. */
  currency: string;
}

export const noSuchVisit = () => new AppError(404, 'not_found', 'There is no such appointment.');

export function wrongStatus(message: string) {
  return new AppError(409, 'wrong_status', message);
}

/** A visit as seen by one of its two people; to anyone else it does not exist. */
export async function visitOf(
  db: Executor,
  claims: AccessClaims,
  id: string,
  only?: 'patient' | 'doctor',
): Promise<AppointmentRow> {
  const row = await findAppointmentRow(db, id);
  const isPatient = row?.patient_id === claims.userId;
  const isDoctor = row?.doctor_id === claims.userId;
  if (!row || !(isPatient || isDoctor)) throw noSuchVisit();
  if (only === 'patient' && !isPatient) throw noSuchVisit();
  if (only === 'doctor' && !isDoctor) throw noSuchVisit();
  return row;
}

/** One live visit per doctor and start (appointments_live_slot_unique): the booking race's judge. */
export const LIVE_SLOT_INDEX: UniqueViolation = {
  table: 'appointments',
  columns: ['doctor_id', 'start_at'],
};
