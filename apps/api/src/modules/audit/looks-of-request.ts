import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEventInput } from './repo.ts';

const recorded = new AsyncLocalStorage<AuditEventInput[]>();

/**
 * Runs `next` (the rest of a request) with a note of the audit events it records, so that an answer
 * given again from memory records them again (kept-answers.ts): a doctor's every look at a record
 * is in the patient's access log, however it was answered.
 */
export function noteAuditEventsOf(next: () => void): void {
  recorded.run([], next);
}

/** What the request running now has recorded so far; undefined outside a noted request. */
export function auditEventsOfThisRequest(): readonly AuditEventInput[] | undefined {
  return recorded.getStore();
}

/** Called for every audit event recorded, inside or outside a transaction. */
export function noteAuditEvents(events: readonly AuditEventInput[]): void {
  recorded.getStore()?.push(...events);
}
