import type { PageRequest } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { pageOf, textColumn, toPage, type KeysetOrder } from '../../lib/pagination.ts';

// Session ids are UUIDv7, so id order is sign-in order: newest first.
const newestFirst: KeysetOrder<{ id: string }> = {
  columns: [textColumn('sessions.id')],
  direction: 'desc',
  keyOf: (row) => [row.id],
};

/** A person's live sessions (not ended, not expired), newest first, a page at a time. */
export async function listLiveSessions(db: Executor, userId: string, now: Date, page: PageRequest) {
  const query = db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

/** The session if it is this person's and still live; anyone else's is as if it did not exist. */
export function findLiveSessionOf(db: Executor, userId: string, sessionId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}
