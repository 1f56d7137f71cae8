import { hash } from 'node:crypto';

/**
 * The hash chain of the audit trail (docs/decisions/045): each event carries the hash of the one
 * before it in its chain, so a row edited, removed or slipped in by hand breaks the chain at that
 * row. This file is the one definition of a link, used by the insert, the migration that chained
 * the rows written before, and `npm run audit:verify`; changing it breaks every chain written so far.
 */

/** What a link covers: everything the access log shows of an event, and where it sits in its chain. */
export interface ChainedFields {
  chain_id: string;
  seq: number;
  id: string;
  actor_id: string | null;
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_role: string | null;
  action: string;
  subject_id: string | null;
  ip: string | null;
  /** Any instant; hashed as ISO-8601 UTC with milliseconds, as both databases hand it out. */
  created_at: string;
  prev_hash: string;
}

/** The hash the first event of a chain follows. */
export const FIRST_PREV_HASH = '';

/** Tells this layout from any later one, should the fields ever change. */
const LAYOUT = 'tend-audit-1';

/**
 * A person's log: the events about them, or — when an event is about no one (a sign-in, a password
 * change) — the events they did to themselves. The same rows an account's deletion removes.
 */
export function chainIdOf(event: { subject_id: string | null; actor_id: string | null }): string {
  return event.subject_id ?? event.actor_id ?? '';
}

/** sha256 (hex) over a JSON array of the fields in a fixed order: unambiguous, whatever the text holds. */
export function linkHash(row: ChainedFields): string {
  const canonical = JSON.stringify([
    LAYOUT,
    row.chain_id,
    row.seq,
    row.id,
    row.actor_id,
    row.actor_firstname,
    row.actor_lastname,
    row.actor_role,
    row.action,
    row.subject_id,
    row.ip,
    new Date(row.created_at).toISOString(),
    row.prev_hash,
  ]);
  // The one-shot hash: a look links a row on every request, and a Hash object costs more than the sum.
  return hash('sha256', canonical, 'hex');
}
