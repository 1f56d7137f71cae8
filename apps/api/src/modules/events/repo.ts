import { sql } from 'kysely';
import type { LiveEventType } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Database, Executor } from '../../db/schema.ts';
import type { Kysely } from 'kysely';

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

export async function insertEvents(
  trx: Executor,
  dialect: Dialect,
  userIds: readonly string[],
  type: LiveEventType,
  data: string,
  now: Date,
): Promise<void> {
  if (dialect === 'postgres') await lockRecipients(trx, userIds);
  await trx
    .insertInto('events')
    .values(
      userIds.map((userId) => ({ user_id: userId, type, data, created_at: now.toISOString() })),
    )
    .execute();
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
