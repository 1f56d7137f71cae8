import { sql } from 'kysely';
import type { LiveEventType } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Database, Executor } from '../../db/schema.ts';
import type { Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.ts';

export interface StoredEvent {
  id: number;
  type: LiveEventType;
  data: string;
}

/**
 * On PostgreSQL, ids come from a sequence when the row is inserted, but transactions may commit in
 * another order: a reader could see id 12 before id 11 commits and step over 11 for good. Holding a
 * per-recipient lock from the insert until commit keeps each person's ids visible in commit order.
 * Recipients are locked in one sorted order, so two publishers never wait on each other in a circle.
 */
async function lockRecipients(trx: Executor, userIds: readonly string[]): Promise<void> {
  for (const userId of userIds) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`tend-events:${userId}`}, 0))`.execute(
      trx,
    );
  }
}

/**
 * One stored event as handed to the streams with its wake-up: `prevId` is the recipient's newest event
 * before this one (0 for none), so a stream whose cursor is `prevId` or later knows it missed nothing
 * in between, and one further behind reads the table instead. Without `type` and `data` (a wake-up
 * too big to carry them) the stream reads the table too.
 */
export interface HandedEvent {
  id: number;
  userId: string;
  prevId: number;
  type?: LiveEventType;
  data?: string;
}

/** Each recipient's newest event id so far (read under their lock on PostgreSQL, so none is pending). */
async function newestIdsOf(
  trx: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('events')
    .select((eb) => ['user_id', eb.fn.max('id').as('id')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.id)]));
}

/** A row just inserted; `prevId` (the recipient's newest id before it) is known on PostgreSQL only. */
export interface InsertedEvent {
  id: number;
  userId: string;
  prevId?: number;
}

/**
 * Stores one event per recipient and answers the new ids. On PostgreSQL also each recipient's
 * previous id, read under their lock, for the NOTIFY payload. Not on SQLite: there a rolled-back
 * transaction frees its ids for the next one, so what a stream is handed is read back after the
 * commit (eventsByIds), never taken from this transaction.
 */
export async function insertEvents(
  trx: Executor,
  dialect: Dialect,
  userIds: readonly string[],
  type: LiveEventType,
  data: string,
  now: Date,
  insertRows: InsertRows = insertBuilt,
): Promise<InsertedEvent[]> {
  let previous: Map<string, number> | undefined;
  if (dialect === 'postgres') {
    await lockRecipients(trx, userIds);
    previous = await newestIdsOf(trx, userIds);
  }
  const inserted = await insertRows(trx, userIds, type, data, now.toISOString());
  return inserted.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    ...(previous ? { prevId: previous.get(row.user_id) ?? 0 } : {}),
  }));
}

export type InsertRows = (
  trx: Executor,
  userIds: readonly string[],
  type: LiveEventType,
  data: string,
  createdAt: string,
) => Promise<{ id: number; user_id: string }[]>;

const insertBuilt: InsertRows = (trx, userIds, type, data, createdAt) =>
  trx
    .insertInto('events')
    .values(userIds.map((userId) => ({ user_id: userId, type, data, created_at: createdAt })))
    .returning(['id', 'user_id'])
    .execute();

/** Recipients of most events: one or two people (a message, a signal, a visit change). */
const PRECOMPILED_RECIPIENTS = 4;

/**
 * The insert of one row per recipient, compiled once per number of recipients up to a few (every
 * message publishes twice), built each time beyond that.
 */
export function eventInserts(kysely: Kysely<Database>): InsertRows {
  const compiled = new Map<number, ReturnType<typeof compileInsert>>();
  function compileInsert(count: number) {
    const userNames = Array.from({ length: count }, (_, i) => `user${i}`);
    return precompile([...userNames, 'type', 'data', 'createdAt'], (p) => {
      const value = (name: string) => p[name] ?? '';
      return kysely
        .insertInto('events')
        .values(
          userNames.map((name) => ({
            user_id: value(name),
            type: value('type') as LiveEventType,
            data: value('data'),
            created_at: value('createdAt'),
          })),
        )
        .returning(['id', 'user_id']);
    });
  }
  return async (trx, userIds, type, data, createdAt) => {
    if (userIds.length > PRECOMPILED_RECIPIENTS) {
      return insertBuilt(trx, userIds, type, data, createdAt);
    }
    let insert = compiled.get(userIds.length);
    if (!insert) {
      insert = compileInsert(userIds.length);
      compiled.set(userIds.length, insert);
    }
    const values: Record<string, unknown> = { type, data, createdAt };
    userIds.forEach((userId, i) => (values[`user${i}`] = userId));
    return (await insert(trx, values)).rows;
  };
}

/** Ids per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const IDS_PER_QUERY = 500;

/**
 * The committed events with these ids, each with its recipient's previous event id. Read after the
 * commit on SQLite (the one connection makes the read wait for it), so a rolled-back event is simply
 * absent and a reused id yields the row that did commit.
 */
export async function eventsByIds(db: Executor, ids: readonly number[]): Promise<HandedEvent[]> {
  const handed: HandedEvent[] = [];
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < wanted.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('events as e')
      .select((eb) => [
        'e.id',
        'e.user_id',
        'e.type',
        'e.data',
        eb
          .selectFrom('events as p')
          .select((pb) => pb.fn.max('p.id').as('prev'))
          .whereRef('p.user_id', '=', 'e.user_id')
          .whereRef('p.id', '<', 'e.id')
          .as('prev'),
      ])
      .where('e.id', 'in', wanted.slice(i, i + IDS_PER_QUERY))
      .orderBy('e.id', 'asc')
      .execute();
    for (const row of rows) {
      handed.push({
        id: Number(row.id),
        userId: row.user_id,
        prevId: Number(row.prev ?? 0),
        type: row.type,
        data: row.data,
      });
    }
  }
  return handed;
}

/** The person's events after `afterId`, oldest first. */
export async function eventsAfter(
  db: Executor,
  userId: string,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  return db
    .selectFrom('events')
    .select(['id', 'type', 'data'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * The person's newest committed event id, or 0: where a fresh stream starts. Per person, not overall:
 * an event of theirs still being committed holds their lock and gets a higher id than this.
 */
export async function latestEventIdOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events up to this id may have been deleted; a cursor below it cannot be resumed exactly. */
export async function prunedThrough(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('event_retention')
    .select('pruned_through')
    .where('name', '=', 'events')
    .executeTakeFirst();
  return Number(row?.pruned_through ?? 0);
}

/** Deletes events older than `before`, first recording how far deletion may reach. */
export async function pruneEvents(db: Kysely<Database>, before: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('created_at', '<', before.toISOString())
      .executeTakeFirst();
    const through = Number(newest?.id ?? 0);
    if (through === 0) return;
    await trx
      .insertInto('event_retention')
      .values({ name: 'events', pruned_through: through })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({
          pruned_through: (eb) =>
            sql`case when ${eb.ref('excluded.pruned_through')} > ${eb.ref('event_retention.pruned_through')} then ${eb.ref('excluded.pruned_through')} else ${eb.ref('event_retention.pruned_through')} end`,
        }),
      )
      .execute();
    await trx.deleteFrom('events').where('id', '<=', through).execute();
  });
}
