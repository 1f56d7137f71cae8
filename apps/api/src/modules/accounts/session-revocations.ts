import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/schema.ts';
import {
  listenOnPgChannel,
  type ListenerLog,
  type PgChannelListener,
} from '../../lib/pg-channel-listener.ts';

/** Which sessions ended: one, or all of a person's (but `keep`, the one that changed the password). */
export type EndedSessions = { sessionId: string } | { userId: string; keep?: string };

type Watcher = (ended: EndedSessions) => void;
const watchers = new Set<Watcher>();
const anywhereWatchers = new Set<Watcher>();

/** Session caches in this process hear of ended sessions at once, before the transaction commits. */
export function watchEndedSessions(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * Sessions ended on any instance: this process's at once (before the commit), and on PostgreSQL
 * every instance's as their NOTIFY arrives (the session check's listener hands them on, see
 * heardEndedSessions), so open live streams end within moments wherever they are held, not at
 * their next heartbeat. A session may be heard of twice (here, then its own NOTIFY): harmless.
 */
export function watchSessionsEndedAnywhere(watcher: Watcher): () => void {
  anywhereWatchers.add(watcher);
  return () => anywhereWatchers.delete(watcher);
}

/** A committed end of sessions heard through NOTIFY, from this instance or another. */
export function heardEndedSessions(ended: EndedSessions): void {
  for (const watcher of anywhereWatchers) watcher(ended);
}

// One channel per schema (tests run many schemas on one database), as PostgreSQL computes it on
// both ends, so the writer needs no configuration. Channel names are at most 63 bytes.
const CHANNEL_EXPRESSION = "left('tend_sessions:' || coalesce(current_schema(), ''), 63)";

// A statement compiles to "$1" on PostgreSQL and "?" on SQLite: the dialect without a Db at hand.
const isPostgres = (executor: Executor) => sql`${0}`.compile(executor).sql === '$1';

export function encodeEnded(ended: EndedSessions): string {
  return JSON.stringify(ended);
}

export function decodeEnded(payload: string): EndedSessions | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.sessionId === 'string') return { sessionId: value.sessionId };
    if (typeof value.userId !== 'string') return undefined;
    return typeof value.keep === 'string'
      ? { userId: value.userId, keep: value.keep }
      : { userId: value.userId };
  } catch {
    return undefined;
  }
}

/**
 * Tells every session cache that sessions ended: this process's now, other instances' through a
 * NOTIFY sent inside the caller's transaction, which PostgreSQL delivers only if it commits.
 */
export async function announceSessionsEnded(executor: Executor, ended: EndedSessions) {
  for (const watcher of watchers) watcher(ended);
  for (const watcher of anywhereWatchers) watcher(ended);
  if (isPostgres(executor)) {
    await sql`select pg_notify(${sql.raw(CHANNEL_EXPRESSION)}, ${encodeEnded(ended)})`.execute(
      executor,
    );
  }
}

export type RevocationLog = ListenerLog;

export type RevocationListener = PgChannelListener;

/**
 * The LISTEN connection for ended sessions (lib/pg-channel-listener.ts reconnects it). While it is
 * lost, listening() is false, so caches stop answering from memory; after every (re)connect
 * onReconnect runs first, so caches start empty: sessions may have ended while nobody listened.
 */
export function listenForEndedSessions(
  database: Extract<Config['database'], { kind: 'postgres' }>,
  handlers: { onEnded: (ended: EndedSessions) => void; onReconnect: () => void },
  log: RevocationLog,
): RevocationListener {
  return listenOnPgChannel({
    url: database.url,
    ...(database.searchPath ? { searchPath: database.searchPath } : {}),
    channel: async (client) => {
      const { rows } = await client.query<{ channel: string }>(
        `select ${CHANNEL_EXPRESSION} as channel`,
      );
      return rows[0]?.channel ?? '';
    },
    onNotification: (payload) => {
      const ended = decodeEnded(payload);
      if (ended) handlers.onEnded(ended);
    },
    onReconnect: handlers.onReconnect,
    log,
    messages: {
      lost: 'lost the session-revocation listening connection; sessions are checked in the database until it is back',
      back: 'session-revocation listening connection is back',
    },
    applicationName: 'tend-sessions',
  });
}
