import type { Executor } from '../../db/schema.ts';
import {
  deleteAuditEventsOf,
  insertAuditEvent,
  listAccessToPatient,
  listAuditEventsByActor,
  type AuditEventInput,
} from './repo.ts';

export type { AuditAction, AuditEventInput } from './repo.ts';

/** Writes inside the caller's transaction, so an action and its audit record land together or not at all. */
export function recordAudit(db: Executor, event: AuditEventInput, now = new Date()) {
  return insertAuditEvent(db, event, now);
}

export const auditEventsByActor = listAuditEventsByActor;
export const forgetAuditTrailOf = deleteAuditEventsOf;
export const accessToPatient = listAccessToPatient;
