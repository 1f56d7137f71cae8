import type { Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.ts';
import type { Database, Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { announceSessionsEnded } from './session-revocations.ts';

export async function insertSession(
  db: Executor,
  userId: string,
  now: Date,
  maxMs: number,
  userAgent?: string,
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
      // Enough to name a browser and system; the rest of a long header says nothing more.
      user_agent: userAgent ? userAgent.slice(0, 512) : null,
      last_used_at: now.toISOString(),
    })
    .execute();
  return id;
}

/**
 * The per-request check, compiled once: the session if it is not revoked, with its expiry and its
 * user's role and disabled state (the caller compares the expiry, so a cached answer can too).
 */
export function liveSessionQuery(kysely: Kysely<Database>) {
  return precompile(['sessionId'], (p) =>
    kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.user_id',
        'sessions.expires_at',
        'users.user_type',
        'users.disabled_at',
      ])
      .where('sessions.id', '=', p.sessionId)
      .where('sessions.revoked_at', 'is', null),
  );
}

/** Ends one session (sign-out, a replayed refresh token); see revokeSessionsOfUser. */
export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await announceSessionsEnded(db, { sessionId });
}

/**
 * Ends a person's sessions everywhere (all but `keep`): the rows are revoked and every instance's
 * session cache forgets them at once (this process at the call, the others through PostgreSQL
 * NOTIFY when the transaction commits). Every path that ends sessions — sign-out, password change
 * or reset, disabling, deleting an account — must use this or revokeSession: a session ended any
 * other way stays accepted by other instances until their cache entry expires (session-cache.ts).
 */
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
  await announceSessionsEnded(db, { userId, ...(keep ? { keep } : {}) });
}

/** Renewing a session is its "last used" (the device list); ordinary requests write nothing. */
export async function markSessionUsed(db: Executor, sessionId: string, now: Date) {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', sessionId)
    .execute();
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
