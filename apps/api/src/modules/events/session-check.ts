import type { Executor } from '../../db/schema.ts';

/** Ids per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

/**
 * Of these sessions, the ones still live: not revoked, not expired, their person not disabled. The
 * same rule as the accounts module's per-request findLiveSession, for many sessions in one query.
 */
export async function liveSessionIds(
  db: Executor,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', 'in', sessionIds.slice(i, i + CHUNK))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now.toISOString())
      .where('users.disabled_at', 'is', null)
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/**
 * Every open stream re-checks its session before it writes, so nothing reaches a signed-out tab. A
 * message wakes many streams at once; their checks made in the same turn of the event loop share
 * one query. A check never joins a query already sent: that one may predate the sign-out.
 */
export class SessionChecks {
  private pending = new Map<string, PromiseWithResolvers<boolean>>();
  private scheduled = false;
  private readonly db: Executor;

  constructor(db: Executor) {
    this.db = db;
  }

  isLive(sessionId: string): Promise<boolean> {
    let waiter = this.pending.get(sessionId);
    if (!waiter) {
      waiter = Promise.withResolvers<boolean>();
      this.pending.set(sessionId, waiter);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    return waiter.promise;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      // The wall clock, as the per-request check uses (sessions expire in real time).
      const live = await liveSessionIds(this.db, [...batch.keys()], new Date());
      for (const [id, waiter] of batch) waiter.resolve(live.has(id));
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  }
}
