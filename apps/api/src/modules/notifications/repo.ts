import { sql } from 'kysely';
import type { PageRequest } from '@tend/shared';
import type { Executor, NotificationsTable } from '../../db/schema.ts';
import {
  instantColumn,
  pageOf,
  textColumn,
  toPage,
  type KeysetOrder,
} from '../../lib/pagination.ts';

export type NotificationRow = NotificationsTable;

const newestFirst: KeysetOrder<{ id: string; created_at: string }> = {
  columns: [instantColumn('created_at'), textColumn('id')],
  direction: 'desc',
  keyOf: (r) => [r.created_at, r.id],
};

export async function insertNotification(db: Executor, row: NotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
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

/** Deletes the person's notifications beyond the newest `keep`. */
export async function trimNotifications(db: Executor, userId: string, keep: number): Promise<void> {
  const boundary = await db
    .selectFrom('notifications')
    .select(['created_at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return;
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
    .select(['id', 'firstname', 'lastname', 'user_type', 'timezone'])
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
