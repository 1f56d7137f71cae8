import type { UserType } from '@tend/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';
import { liveSessionQuery } from './sessions-repo.ts';
import {
  heardEndedSessions,
  listenForEndedSessions,
  watchEndedSessions,
  type EndedSessions,
  type RevocationListener,
  type RevocationLog,
} from './session-revocations.ts';

/** A session that is not revoked, as the per-request check needs it. */
export interface LiveSession {
  sessionId: string;
  userId: string;
  role: UserType;
  disabled: boolean;
}

export interface SessionCheck {
  /** The session if it is live at `now` (not revoked, not expired); its user may be disabled. */
  find(sessionId: string, now: Date): Promise<LiveSession | undefined>;
  /** Resolves once answers may come from memory (PostgreSQL: once the LISTEN is in place). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The safety net: an entry is asked again after this long even if no revocation reached us. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: LiveSession;
  expiresAt: string;
  until: number;
}

/** The database's answer, every time: the live session and when it expires. */
function lookupSession(db: Db) {
  const lookup = liveSessionQuery(db.kysely);
  return async (sessionId: string, at: Date) => {
    const row = (await lookup(db.kysely, { sessionId })).rows[0];
    if (!row || row.expires_at <= at.toISOString()) return undefined;
    const session: LiveSession = {
      sessionId: row.id,
      userId: row.user_id,
      role: row.user_type,
      disabled: row.disabled_at !== null,
    };
    return { session, expiresAt: row.expires_at };
  };
}

/** Asks the database on every request (SQLite, and the default for an auth service built alone). */
export function askEveryTime(db: Db): SessionCheck {
  const ask = lookupSession(db);
  return {
    find: async (sessionId, at) => (await ask(sessionId, at))?.session,
    ready: Promise.resolve(),
    close: async () => {},
  };
}

/**
 * SQLite: an answer is kept while the database is unchanged (Db.changeStamp), so a revocation, a
 * sign-out, a disabled account or a password change — each a write — makes the next request ask
 * again, whether this process wrote it or another (the users CLI, SQL by hand).
 */
export function keptWhileDatabaseUnchanged(db: Db): SessionCheck {
  const ask = lookupSession(db);
  const kept = keptWhileUnchanged<{ session: LiveSession; expiresAt: string }>(db, MAX_ENTRIES);
  return {
    async find(sessionId, at) {
      const stamp = kept.stamp();
      const answer = kept.get(sessionId, stamp) ?? (await ask(sessionId, at));
      if (!answer || answer.expiresAt <= at.toISOString()) {
        kept.delete(sessionId);
        return undefined;
      }
      kept.set(sessionId, answer, stamp);
      return answer.session;
    },
    ready: Promise.resolve(),
    close: async () => {},
  };
}

/**
 * The per-request session check (DESIGN.md: a valid signature is not enough, the session must be
 * live). On SQLite, answers are kept while the database is unchanged (above). On PostgreSQL each
 * ask is a network round trip, so live sessions are kept in memory: revokeSession/revokeSessionsOfUser drop them in this process
 * at once and in every other instance through LISTEN/NOTIFY (session-revocations.ts); while the
 * listening connection is down nothing is answered from memory; and every entry is asked again
 * after SESSION_CACHE_TTL_MS. A session whose end was announced here is not cached again until the
 * ending transaction's NOTIFY comes back (or the TTL passes), so a lookup that ran while that
 * transaction was still open cannot put it back.
 */
export function createSessionCheck(
  db: Db,
  database: Config['database'],
  log: RevocationLog,
  now: () => number = Date.now,
): SessionCheck {
  if (database.kind !== 'postgres') return keptWhileDatabaseUnchanged(db);
  const ask = lookupSession(db);

  const entries = new Map<string, Entry>();
  // Ended in this process, NOTIFY not back yet: key (session or user id) → until when not to cache.
  const pending = new Map<string, number>();
  // Bumped on every revocation: a lookup that started before one does not store its answer.
  let generation = 0;

  const forget = (ended: EndedSessions) => {
    generation += 1;
    if ('sessionId' in ended) {
      entries.delete(ended.sessionId);
      return;
    }
    for (const [id, entry] of entries) {
      if (entry.session.userId === ended.userId && id !== ended.keep) entries.delete(id);
    }
  };
  const keyOf = (ended: EndedSessions) => ('sessionId' in ended ? ended.sessionId : ended.userId);

  const stopWatching = watchEndedSessions((ended) => {
    forget(ended);
    pending.set(keyOf(ended), now() + SESSION_CACHE_TTL_MS);
  });
  const listener: RevocationListener = listenForEndedSessions(
    database,
    {
      onEnded: (ended) => {
        forget(ended);
        pending.delete(keyOf(ended));
        heardEndedSessions(ended);
      },
      onReconnect: () => {
        generation += 1;
        entries.clear();
      },
    },
    log,
  );

  const mayStore = (session: LiveSession, startedAt: number) => {
    // A disabled person's requests are refused; keep no entry that re-enabling would leave stale.
    if (session.disabled || generation !== startedAt || !listener.listening()) return false;
    for (const key of [session.sessionId, session.userId]) {
      const until = pending.get(key);
      if (until === undefined) continue;
      if (until > now()) return false;
      pending.delete(key);
    }
    return true;
  };

  return {
    async find(sessionId, at) {
      const cached = entries.get(sessionId);
      if (cached && cached.until > now() && listener.listening()) {
        return cached.expiresAt > at.toISOString() ? cached.session : undefined;
      }
      const startedAt = generation;
      const answer = await ask(sessionId, at);
      if (!answer) {
        entries.delete(sessionId);
        return undefined;
      }
      if (mayStore(answer.session, startedAt)) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
        entries.set(sessionId, { ...answer, until: now() + SESSION_CACHE_TTL_MS });
      }
      return answer.session;
    },
    ready: listener.ready,
    async close() {
      stopWatching();
      entries.clear();
      await listener.close();
    },
  };
}
