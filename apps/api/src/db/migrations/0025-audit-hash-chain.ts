import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';
import { FIRST_PREV_HASH, linkHash, type ChainedFields } from '../../lib/audit-chain-hash.ts';

/**
 * The audit trail becomes a hash chain per person (docs/decisions/045) and is kept as written: the
 * database refuses to update an audit event, and to delete one unless an account's deletion
 * erased its chain up to it (`audit_erasures`). Events written before are chained in the order
 * they happened, (created_at, id) in each chain; nothing is lost.
 *
 * Left out of PostgreSQL's change stamp (migration 0023), like the events: the heads move with
 * every look, and only the access log, kept under the audit trail's own count, shows the trail.
 */
export const AUDIT_CHAIN_TABLES = ['audit_chain_heads', 'audit_erasures'] as const;

/** Rows read, hashed and written back at a time: the table can be large, memory stays small. */
const PAGE = 1000;

/** An event as written before this migration, with its chain and place given by it. */
type OldEvent = Omit<ChainedFields, 'prev_hash'>;

interface Head {
  chain_id: string;
  seq: number;
  hash: string;
  created_at: string;
}

async function insertHeads(db: Kysely<unknown>, heads: Head[]): Promise<void> {
  if (heads.length === 0) return;
  const values = heads.map((h) => sql`(${h.chain_id}, ${h.seq}, ${h.hash}, ${h.created_at})`);
  await sql`insert into audit_chain_heads (chain_id, seq, hash, created_at)
    values ${sql.join(values)}`.execute(db);
}

async function writeLinks(
  db: Kysely<unknown>,
  dialect: Dialect,
  links: { id: string; prev_hash: string; hash: string }[],
): Promise<void> {
  if (links.length === 0) return;
  if (dialect === 'postgres') {
    // One statement a page instead of a round trip a row.
    await sql`update audit_events as a set prev_hash = v.prev_hash, hash = v.hash
      from unnest(${links.map((l) => l.id)}::text[], ${links.map((l) => l.prev_hash)}::text[],
        ${links.map((l) => l.hash)}::text[]) as v(id, prev_hash, hash)
      where a.id = v.id`.execute(db);
    return;
  }
  for (const link of links) {
    await sql`update audit_events set prev_hash = ${link.prev_hash}, hash = ${link.hash}
      where id = ${link.id}`.execute(db);
  }
}

/** Hashes every existing event in chain order, a page at a time, and writes each chain's head. */
async function chainExistingEvents(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let last: Head | undefined;
  let heads: Head[] = [];
  for (;;) {
    const after = last ? sql`where (chain_id, seq) > (${last.chain_id}, ${last.seq})` : sql``;
    const { rows } = await sql<OldEvent>`
      select id, actor_id, actor_firstname, actor_lastname, actor_role, action, subject_id, ip,
        created_at, chain_id, seq
      from audit_events ${after} order by chain_id, seq limit ${PAGE}`.execute(db);
    const links: { id: string; prev_hash: string; hash: string }[] = [];
    for (const row of rows) {
      const seq = Number(row.seq);
      const sameChain = last?.chain_id === row.chain_id;
      if (last && !sameChain) heads.push(last);
      const prev_hash = sameChain && last ? last.hash : FIRST_PREV_HASH;
      const hash = linkHash({ ...row, seq, prev_hash });
      links.push({ id: row.id, prev_hash, hash });
      const created_at = new Date(row.created_at).toISOString();
      last = { chain_id: row.chain_id, seq, hash, created_at };
    }
    await writeLinks(db, dialect, links);
    if (heads.length >= PAGE || rows.length < PAGE) {
      await insertHeads(db, heads);
      heads = [];
    }
    if (rows.length < PAGE) break;
  }
  if (last) await insertHeads(db, [last]);
}

const SQLITE_GUARDS = [
  `create trigger audit_events_never_updated before update on audit_events
   begin select raise(abort, 'audit events are never changed'); end`,
  `create trigger audit_events_removed_only_when_erased before delete on audit_events
   when not exists (select 1 from audit_erasures e
     where e.chain_id = old.chain_id and old.seq <= e.through_seq)
   begin select raise(abort, 'audit events are removed only with their account'); end`,
];

const POSTGRES_GUARDS = [
  `create function keep_audit_events() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' and exists (select 1 from audit_erasures e
         where e.chain_id = old.chain_id and old.seq <= e.through_seq) then
       return old;
     end if;
     if tg_op = 'UPDATE' then
       raise exception 'audit events are never changed';
     end if;
     raise exception 'audit events are removed only with their account';
   end $$`,
  `create trigger audit_events_kept before update or delete on audit_events
   for each row execute function keep_audit_events()`,
  // TRUNCATE fires no row trigger; it is refused as a whole.
  `create trigger audit_events_not_truncated before truncate on audit_events
   for each statement execute function keep_audit_events()`,
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const isPg = dialect === 'postgres';
  // Rewriting every row would queue a count per row for the commit: the audit trail's count is
  // moved once at the end instead.
  if (isPg)
    await sql`alter table audit_events disable trigger audit_events_audit_stamp`.execute(db);
  // Defaults only so the columns can be added to a table with rows (SQLite: and so that a row
  // written by hand without them is there for the verification to find, not refused).
  await db.schema
    .alterTable('audit_events')
    .addColumn('chain_id', t.text, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('audit_events')
    .addColumn('seq', t.integer, (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['prev_hash', 'hash']) {
    await db.schema
      .alterTable('audit_events')
      .addColumn(column, t.text, (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await sql`update audit_events set chain_id = coalesce(subject_id, actor_id, '')`.execute(db);
  await sql`update audit_events set seq = r.n
    from (select id, row_number() over (partition by chain_id order by created_at, id) as n
          from audit_events) as r
    where audit_events.id = r.id`.execute(db);
  // One link per place in a chain: two writers can never both add the 8th event of one chain.
  await db.schema
    .createIndex('audit_events_chain_seq_idx')
    .on('audit_events')
    .columns(['chain_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createTable('audit_chain_heads')
    .addColumn('chain_id', t.id, (c) => c.primaryKey())
    .addColumn('seq', t.integer, (c) => c.notNull())
    .addColumn('hash', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('audit_erasures')
    .addColumn('chain_id', t.id, (c) => c.primaryKey())
    .addColumn('through_seq', t.integer, (c) => c.notNull())
    .addColumn('through_hash', t.text, (c) => c.notNull())
    .addColumn('erased_at', t.instant, (c) => c.notNull())
    .execute();
  await chainExistingEvents(db, dialect);
  for (const statement of isPg ? POSTGRES_GUARDS : SQLITE_GUARDS) {
    await sql.raw(statement).execute(db);
  }
  if (isPg) {
    await sql`alter table audit_events enable trigger audit_events_audit_stamp`.execute(db);
    await sql`update change_stamp set n = n + 1 where shard = 16`.execute(db);
  }
}
