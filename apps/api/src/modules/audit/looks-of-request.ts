import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEventInput } from './repo.ts';

interface RequestNote {
  events: AuditEventInput[];
  /** A page's refetch asked for by a live event (decision 054), not by the person. */
  liveRefresh: boolean;
}

const recorded = new AsyncLocalStorage<RequestNote>();

/**
 * Runs `next` (the rest of a request) with a note of the audit events it records, so that an answer
 * given again from memory records them again (kept-answers.ts): a doctor's every look at a record
 * is in the patient's access log, however it was answered. `liveRefresh`: the request is a page's
 * refetch after a live event, whose looks are recorded at most once an hour (live-looks.ts).
 */
export function noteAuditEventsOf(next: () => void, liveRefresh = false): void {
  recorded.run({ events: [], liveRefresh }, next);
}

/** What the request running now has recorded so far; undefined outside a noted request. */
export function auditEventsOfThisRequest(): readonly AuditEventInput[] | undefined {
  return recorded.getStore()?.events;
}

/** Whether the request running now is a refetch a live event asked for. */
export function isLiveRefresh(): boolean {
  return recorded.getStore()?.liveRefresh ?? false;
}

/** Called for every audit event recorded, inside or outside a transaction. */
export function noteAuditEvents(events: readonly AuditEventInput[]): void {
  recorded.getStore()?.events.push(...events);
}
