import { sql } from 'kysely';
import type { PageRequest } from '@tend/shared';
import type { Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.ts';
import type { Database, Executor, NotificationsTable } from '../../db/schema.ts';
import { byCreation, pageOf, toPage } from '../../lib/pagination.ts';

export type NotificationRow = NotificationsTable;

const newestFirst = byCreation('notifications', 'desc');

/**
 * notify()'s insert and the look for a person's oldest kept notification, compiled once: every new
 * message runs them. `keep` is fixed when compiled.
 */
export function notifyQueries(kysely: Kysely<Database>, keep: number) {
  const insert = precompile(
    ['id', 'userId', 'kind', 'title', 'body', 'link', 'createdAt', 'reminderId'] as const,
    (p) =>
      kysely.insertInto('notifications').values({
        id: p.id,
        user_id: p.userId,
        kind: p.kind as NotificationRow['kind'],
        title: p.title,
        body: p.body,
        link: p.link,
        created_at: p.createdAt,
        read_at: null,
        reminder_id: p.reminderId,
      }),
  );
  const beyondKept = precompile(['userId'], (p) =>
    kysely
      .selectFrom('notifications')
      .select(['created_at', 'id'])
      .where('user_id', '=', p.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1),
  );
  return {
    async insert(db: Executor, row: NotificationRow): Promise<void> {
      await insert(db, {
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.created_at,
        reminderId: row.reminder_id,
      });
    },
    /** Deletes the person's notifications beyond the newest `keep`. */
    async trim(db: Executor, userId: string): Promise<void> {
      const [boundary] = (await beyondKept(db, { userId })).rows;
      if (boundary) await deleteUpTo(db, userId, boundary);
    },
  };
}

export async function listNotifications(db: Executor, userId: string, page: PageRequest) {
  const query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many of these ids are the person's own. */
export async function countOwn(db: Executor, userId: string, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function markRead(
  db: Executor,
  userId: string,
  ids: string[] | 'all',
  now: Date,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  await query.execute();
}

/** Deletes the person's notifications up to and including `boundary`, in newest-first order. */
async function deleteUpTo(
  db: Executor,
  userId: string,
  boundary: { created_at: string; id: string },
) {
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where(
      sql<boolean>`(${sql.ref('created_at')}, ${sql.ref('id')}) <= (${boundary.created_at}, ${boundary.id})`,
    )
    .execute();
}

/** What a notice needs of a person: the name to show and the time zone to show times in. */
export async function findPeople(db: Executor, ids: string[]) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'user_type', 'timezone', 'language'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Of these reminder actions, the ones still open at `now`: not expired, their dose not ticked. */
export async function openReminders(
  db: Executor,
  reminderIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (reminderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('reminder_actions as ra')
    .leftJoin('doses as d', (join) =>
      join.onRef('d.medication_id', '=', 'ra.medication_id').onRef('d.date', '=', 'ra.date'),
    )
    .select(['ra.id', 'd.taken'])
    .where('ra.id', 'in', reminderIds)
    .where('ra.expires_at', '>', now.toISOString())
    .execute();
  return new Set(rows.filter((r) => !r.taken).map((r) => r.id));
}

/** A person as a notice sent beyond the app needs them: where to email, in which language. */
export async function findRecipient(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'language', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}
