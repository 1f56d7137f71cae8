import type { Executor } from '../../db/schema.ts';
import {
  deleteAuditEventsOf,
  insertAuditEvents,
  listAccessToPatient,
  listAuditEventsByActor,
  type AuditEventInput,
} from './repo.ts';

export type { AuditAction, AuditEventInput } from './repo.ts';

/** Writes inside the caller's transaction, so an action and its audit record land together or not at all. */
export function recordAudit(db: Executor, event: AuditEventInput, now = new Date()) {
  return insertAuditEvents(db, [event], now);
}

/** Several events of one moment (a list that shows many patients' data) in one statement. */
export function recordAudits(db: Executor, events: AuditEventInput[], now = new Date()) {
  return insertAuditEvents(db, events, now);
}

export const auditEventsByActor = listAuditEventsByActor;
export const forgetAuditTrailOf = deleteAuditEventsOf;
export const accessToPatient = listAccessToPatient;
