import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export async function insertSession(
  db: Executor,
  userId: string,
  now: Date,
  maxMs: number,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + maxMs).toISOString(),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return id;
}

/** The per-request check: the session is live and its user is not disabled. One indexed lookup. */
export function findLiveSession(db: Executor, sessionId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'users.user_type', 'users.disabled_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOfUser(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
  keep?: string,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}

export async function insertRefreshToken(
  db: Executor,
  sessionId: string,
  hash: string,
  now: Date,
  ttlMs: number,
) {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      session_id: sessionId,
      token_hash: hash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
}

export function findRefreshToken(db: Executor, hash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.used_at',
      'sessions.user_id',
      'sessions.revoked_at',
      'sessions.expires_at as session_expires_at',
      'users.disabled_at',
    ])
    .where('refresh_tokens.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks a token used; false when another request used it first (the update guards on used_at). */
export async function markRefreshTokenUsed(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
