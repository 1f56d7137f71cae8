import type { Executor } from './schema.ts';

/** A person's time zone (UTC if unknown): their "today" and their days are cut in it. */
export async function timeZoneOf(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}
