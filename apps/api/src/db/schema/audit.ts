/**
 * The access log: events, hash-chained per patient, and what account deletions erased. Row types;
 * ../schema.ts assembles the Database from them.
 */
import type { ColumnType } from 'kysely';
import type { UsersTable } from './accounts.ts';

export interface AuditEventsTable {
  id: string;
  actor_id: string | null;
  /** The actor's name and role when they acted (migration 0015); null for events without an actor. */
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_role: UsersTable['user_type'] | null;
  action: string;
  subject_id: string | null;
  ip: string | null;
  created_at: string;
  /**
   * The hash chain (migration 0025, docs/decisions/045): written by the insert only (defaults of ''
   * and 0 stand for a row written by hand, which the verification finds), never updated.
   */
  chain_id: ColumnType<string, string | undefined, never>;
  seq: ColumnType<number, number | undefined, never>;
  prev_hash: ColumnType<string, string | undefined, never>;
  hash: ColumnType<string, string | undefined, never>;
}

/** The last link of each chain, locked by the insert that extends it. */
export interface AuditChainHeadsTable {
  chain_id: string;
  seq: number;
  hash: string;
  /** Of the last event: a later one is never recorded as earlier. */
  created_at: string;
}

/** A chain whose events up to `through_seq` an account's deletion removed; the only deletions allowed. */
export interface AuditErasuresTable {
  chain_id: string;
  through_seq: number;
  through_hash: string;
  erased_at: string;
}
