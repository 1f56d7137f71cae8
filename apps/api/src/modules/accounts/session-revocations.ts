import pg from 'pg';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/schema.ts';
import { safeErrorSummary } from '../../lib/database-unavailable.ts';

/** Which sessions ended: one, or all of a person's (but `keep`, the one that changed the password). */
export type EndedSessions = { sessionId: string } | { userId: string; keep?: string };

type Watcher = (ended: EndedSessions) => void;
const watchers = new Set<Watcher>();

/** Session caches in this process hear of ended sessions at once, before the transaction commits. */
export function watchEndedSessions(watcher: Watcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
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
  if (isPostgres(executor)) {
    await sql`select pg_notify(${sql.raw(CHANNEL_EXPRESSION)}, ${encodeEnded(ended)})`.execute(
      executor,
    );
  }
}

export interface RevocationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RevocationListener {
  /** True while the LISTEN connection is up: only then may a cache answer without asking. */
  listening(): boolean;
  /** Resolves once the first LISTEN is in place (or the listener is closed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 5000;

/**
 * One dedicated PostgreSQL connection that LISTENs for ended sessions (a pooled connection cannot:
 * the pool lends it to queries). When it is lost, listening() turns false, so caches stop answering
 * from memory; it reconnects with backoff and calls onReconnect, after which caches start empty.
 */
export function listenForEndedSessions(
  database: Extract<Config['database'], { kind: 'postgres' }>,
  handlers: { onEnded: (ended: EndedSessions) => void; onReconnect: () => void },
  log: RevocationLog,
): RevocationListener {
  let closed = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        void connect();
      },
      Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures),
    );
    timer.unref();
    failures += 1;
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: database.url,
      application_name: 'tend-sessions',
      keepAlive: true,
      ...(database.searchPath ? { options: `-c search_path=${database.searchPath}` } : {}),
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!closed) {
        log.warn(
          error ? { failure: safeErrorSummary(error) } : {},
          'lost the session-revocation listening connection; sessions are checked in the database until it is back',
        );
      }
      next.end().catch(() => {});
      retry();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    let channel = '';
    next.on('notification', (message) => {
      const ended = message.channel === channel && message.payload && decodeEnded(message.payload);
      if (ended) handlers.onEnded(ended);
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ channel: string }>(
        `select ${CHANNEL_EXPRESSION} as channel`,
      );
      channel = rows[0]?.channel ?? '';
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (closed || lost) {
      next.end().catch(() => {});
      return;
    }
    if (failures > 0) log.info({}, 'session-revocation listening connection is back');
    failures = 0;
    // Sessions may have ended while nobody listened: start from an empty cache.
    handlers.onReconnect();
    client = next;
    markReady();
  };

  void connect();

  return {
    listening: () => client !== null,
    ready,
    async close() {
      closed = true;
      markReady();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
