import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  AuditChainHeadsTable,
  AuditErasuresTable,
  AuditEventsTable,
  Database,
} from '../../db/schema.ts';
import { FIRST_PREV_HASH, chainIdOf, linkHash } from '../../lib/audit-chain-hash.ts';

/** The first broken link of one chain: ids and places only, never what the event says. */
export interface ChainFinding {
  chainId: string;
  /** The place where the chain first breaks (an event's, or the first missing one's). */
  seq: number;
  /** The event at that place; null when the break is an event missing there. */
  eventId: string | null;
  problem: string;
}

export interface ChainReport {
  chains: number;
  events: number;
  /** One per broken chain, in chain order. */
  findings: ChainFinding[];
}

type Head = Pick<AuditChainHeadsTable, 'seq' | 'hash'>;
type Erasure = Pick<AuditErasuresTable, 'through_seq' | 'through_hash'>;

const iso = (instant: string) => new Date(instant).toISOString();

/** What a chain must start from: nothing, or the last event its account's deletion erased. */
function startOf(erasure: Erasure | undefined) {
  return {
    seq: erasure ? Number(erasure.through_seq) : 0,
    hash: erasure ? erasure.through_hash : FIRST_PREV_HASH,
  };
}

function missing(from: number, to: number): string {
  return from === to ? `event ${from} is missing` : `events ${from}–${to} are missing`;
}

/** Walks one chain's events in order, keeping the first break. */
class ChainWalk {
  last: { seq: number; hash: string; at: string; id: string | null };
  finding: ChainFinding | undefined;

  readonly chainId: string;
  readonly head: Head | undefined;

  constructor(chainId: string, head: Head | undefined, erasure: Erasure | undefined) {
    this.chainId = chainId;
    this.head = head;
    this.last = { ...startOf(erasure), at: '', id: null };
  }

  private broken(seq: number, eventId: string | null, problem: string) {
    this.finding = { chainId: this.chainId, seq, eventId, problem };
  }

  add(row: Selectable<AuditEventsTable>) {
    if (this.finding) return;
    const seq = Number(row.seq);
    const at = iso(row.created_at);
    const expected = this.last.seq + 1;
    if (chainIdOf(row) !== this.chainId) {
      return this.broken(seq, row.id, 'its subject and actor belong to another chain');
    }
    if (seq > expected) return this.broken(expected, null, missing(expected, seq - 1));
    if (seq < expected) return this.broken(seq, row.id, `comes where event ${expected} should`);
    if (row.prev_hash !== this.last.hash) {
      return this.broken(seq, row.id, 'does not follow the event before it (prev_hash differs)');
    }
    if (linkHash({ ...row, seq }) !== row.hash) {
      return this.broken(seq, row.id, 'was changed after it was written (its hash differs)');
    }
    if (at < this.last.at) {
      return this.broken(seq, row.id, 'is dated before the event before it');
    }
    this.last = { seq, hash: row.hash, at, id: row.id };
  }

  /** The chain's head must be its last event: a missing last event shows only here. */
  end(): ChainFinding | undefined {
    if (this.finding) return this.finding;
    const { head, last } = this;
    if (!head) {
      this.broken(last.seq, last.id, 'the chain has no head');
    } else if (Number(head.seq) > last.seq) {
      this.broken(last.seq + 1, null, missing(last.seq + 1, Number(head.seq)));
    } else if (Number(head.seq) !== last.seq || head.hash !== last.hash) {
      this.broken(last.seq, last.id, `the chain's head is at event ${String(head.seq)}, not here`);
    }
    return this.finding;
  }
}

async function headsAndErasures(trx: Transaction<Database>, chainIds: string[]) {
  if (chainIds.length === 0) {
    return { heads: new Map<string, Head>(), erasures: new Map<string, Erasure>() };
  }
  const [heads, erasures] = await Promise.all([
    trx
      .selectFrom('audit_chain_heads')
      .select(['chain_id', 'seq', 'hash'])
      .where('chain_id', 'in', chainIds)
      .execute(),
    trx
      .selectFrom('audit_erasures')
      .select(['chain_id', 'through_seq', 'through_hash'])
      .where('chain_id', 'in', chainIds)
      .execute(),
  ]);
  return {
    heads: new Map<string, Head>(heads.map((h) => [h.chain_id, h])),
    erasures: new Map<string, Erasure>(erasures.map((e) => [e.chain_id, e])),
  };
}

async function walkEvents(trx: Transaction<Database>, pageSize: number, report: ChainReport) {
  let walk: ChainWalk | undefined;
  let after: { chainId: string; seq: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await trx
      .selectFrom('audit_events')
      .selectAll()
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb(eb.refTuple('chain_id', 'seq'), '>', eb.tuple(from?.chainId ?? '', from?.seq ?? 0)),
        ),
      )
      .orderBy('chain_id')
      .orderBy('seq')
      .limit(pageSize)
      .execute();
    const newChains = [...new Set(rows.map((r) => r.chain_id))].filter(
      (id) => id !== walk?.chainId,
    );
    const { heads, erasures } = await headsAndErasures(trx, newChains);
    for (const row of rows) {
      if (row.chain_id !== walk?.chainId) {
        const finding = walk?.end();
        if (finding) report.findings.push(finding);
        walk = new ChainWalk(row.chain_id, heads.get(row.chain_id), erasures.get(row.chain_id));
        report.chains += 1;
      }
      walk.add(row);
      report.events += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) break;
    after = { chainId: last.chain_id, seq: Number(last.seq) };
  }
  const finding = walk?.end();
  if (finding) report.findings.push(finding);
}

/** Heads of chains with no event left: whole only at the start, or where an erasure ended. */
async function walkEmptyChains(trx: Transaction<Database>, pageSize: number, report: ChainReport) {
  let after: string | undefined;
  for (;;) {
    const from = after;
    const rows = await trx
      .selectFrom('audit_chain_heads as h')
      .leftJoin('audit_erasures as e', 'e.chain_id', 'h.chain_id')
      .select(['h.chain_id', 'h.seq', 'h.hash', 'e.through_seq', 'e.through_hash'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('audit_events as a')
              .select('a.id')
              .whereRef('a.chain_id', '=', 'h.chain_id'),
          ),
        ),
      )
      .$if(from !== undefined, (q) => q.where('h.chain_id', '>', from ?? ''))
      .orderBy('h.chain_id')
      .limit(pageSize)
      .execute();
    for (const row of rows) {
      report.chains += 1;
      const erasure =
        row.through_seq === null || row.through_hash === null
          ? undefined
          : { through_seq: row.through_seq, through_hash: row.through_hash };
      const walk = new ChainWalk(row.chain_id, row, erasure);
      const finding = walk.end();
      if (finding) report.findings.push(finding);
    }
    if (rows.length < pageSize) break;
    after = rows.at(-1)?.chain_id;
  }
}

/** Only an account's deletion erases a chain: one erased while its account exists was not that. */
async function erasuresOfLiveAccounts(trx: Transaction<Database>, report: ChainReport) {
  const broken = new Set(report.findings.map((f) => f.chainId));
  const rows = await trx
    .selectFrom('audit_erasures as e')
    .innerJoin('users as u', 'u.id', 'e.chain_id')
    .select(['e.chain_id', 'e.through_seq'])
    .orderBy('e.chain_id')
    .execute();
  for (const row of rows) {
    if (broken.has(row.chain_id)) continue;
    report.findings.push({
      chainId: row.chain_id,
      seq: 1,
      eventId: null,
      problem: `events 1–${String(row.through_seq)} were erased, but the account was not deleted`,
    });
  }
}

/**
 * Checks every chain of the audit trail (docs/decisions/045): places 1, 2, 3… with none missing,
 * each event following the hash of the one before, each hash recomputing from the event, times
 * never going back, and the head at the last event. Reads a page of events at a time (memory stays
 * small however long the trail), all in one snapshot, so events recorded meanwhile by a running
 * Tend are not half seen.
 */
export async function verifyAuditChains(
  db: Pick<Db, 'kysely' | 'dialect'>,
  { pageSize = 1000 }: { pageSize?: number } = {},
): Promise<ChainReport> {
  const report: ChainReport = { chains: 0, events: 0, findings: [] };
  // PostgreSQL gives each statement its own snapshot unless told; SQLite's transaction is one.
  const transaction =
    db.dialect === 'postgres'
      ? db.kysely.transaction().setIsolationLevel('repeatable read')
      : db.kysely.transaction();
  await transaction.execute(async (trx) => {
    await walkEvents(trx, pageSize, report);
    await walkEmptyChains(trx, pageSize, report);
    await erasuresOfLiveAccounts(trx, report);
  });
  return report;
}
