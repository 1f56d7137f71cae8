import type { Insertable } from 'kysely';
import type { AuditChainHeadsTable, Executor } from '../../db/schema.ts';
import { precompilePerDialect } from '../../db/precompiled.ts';
import { FIRST_PREV_HASH } from '../../lib/audit-chain-hash.ts';

export interface ChainHead {
  chain_id: string;
  seq: number;
  hash: string;
  created_at: string;
}

/** Heads in one statement at most, as for the events themselves. */
export const HEADS_PER_STATEMENT = 500;

/** A new chain's head before its first event: no event, nothing to follow, no time to keep after. */
const EMPTY_HEAD = { seq: 0, hash: FIRST_PREV_HASH, created_at: new Date(0).toISOString() };

/**
 * Statements of n heads, built and compiled once per n (a look writes one chain, a list of
 * patients up to a hundred), like the events' insert in repo.ts.
 */
function perCount<T>(compile: (count: number) => T): (count: number) => T {
  const compiled = new Map<number, T>();
  return (count) => {
    let statement = compiled.get(count);
    if (!statement) {
      statement = compile(count);
      compiled.set(count, statement);
    }
    return statement;
  };
}

const names = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/**
 * Takes the heads of these chains for this transaction and returns them. One statement does both:
 * it inserts a missing head (empty) and "updates" an existing one to itself, which on PostgreSQL
 * locks it until the commit, so a concurrent transaction on any instance waits here and then
 * reads the head this one leaves; the rows go in sorted order, so two transactions never hold one
 * each while waiting for the other's. SQLite has one writer, and this statement makes the
 * transaction it (a reader's snapshot gone stale fails with SQLITE_BUSY instead of forking).
 */
const lockStatement = perCount((count) => {
  const chains = names('chain', count);
  return precompilePerDialect(chains, (db, p) =>
    db
      .insertInto('audit_chain_heads')
      .values(
        chains.map(
          (name) => ({ chain_id: p[name], ...EMPTY_HEAD }) as Insertable<AuditChainHeadsTable>,
        ),
      )
      .onConflict((oc) =>
        oc.column('chain_id').doUpdateSet((eb) => ({ seq: eb.ref('audit_chain_heads.seq') })),
      )
      .returning(['chain_id', 'seq', 'hash', 'created_at']),
  );
});

/** The heads of these chains (each once), locked until the transaction ends. */
export async function lockChainHeads(
  db: Executor,
  chainIds: string[],
): Promise<Map<string, ChainHead>> {
  const sorted = [...new Set(chainIds)].sort();
  const heads = new Map<string, ChainHead>();
  for (let start = 0; start < sorted.length; start += HEADS_PER_STATEMENT) {
    const slice = sorted.slice(start, start + HEADS_PER_STATEMENT);
    const values = Object.fromEntries(slice.map((id, i) => [`chain${i}`, id]));
    const { rows } = await lockStatement(slice.length)(db, values);
    for (const row of rows) heads.set(row.chain_id, { ...row, seq: Number(row.seq) });
  }
  return heads;
}

const HEAD_COLUMNS = ['chain_id', 'seq', 'hash', 'created_at'] as const;

const moveStatement = perCount((count) => {
  const params = Array.from({ length: count }, (_, i) => HEAD_COLUMNS.map((c) => `${c}${i}`));
  return precompilePerDialect(params.flat(), (db, p) =>
    db
      .insertInto('audit_chain_heads')
      .values(
        params.map(
          ([chain, seq, hash, at]) =>
            ({
              chain_id: p[chain as string],
              seq: p[seq as string],
              hash: p[hash as string],
              created_at: p[at as string],
            }) as unknown as Insertable<AuditChainHeadsTable>,
        ),
      )
      .onConflict((oc) =>
        oc.column('chain_id').doUpdateSet((eb) => ({
          seq: eb.ref('excluded.seq'),
          hash: eb.ref('excluded.hash'),
          created_at: eb.ref('excluded.created_at'),
        })),
      ),
  );
});

/** Moves the heads (locked by lockChainHeads in this transaction) to the chains' new last events. */
export async function moveChainHeads(db: Executor, heads: ChainHead[]): Promise<void> {
  for (let start = 0; start < heads.length; start += HEADS_PER_STATEMENT) {
    const slice = heads.slice(start, start + HEADS_PER_STATEMENT);
    const values: Record<string, unknown> = {};
    slice.forEach((head, i) => {
      for (const column of HEAD_COLUMNS) values[`${column}${i}`] = head[column];
    });
    await moveStatement(slice.length)(db, values);
  }
}
