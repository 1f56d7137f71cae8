import type { HealthResponse } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';

export const HEALTHY = 'Tend and its database are working.';
export const DATABASE_DOWN =
  'Tend is running but cannot reach its database. Requests that need it are answered 503 until it is back; Tend reconnects by itself.';

/** What GET /api/v1/health answers, with the last backup's time and size (null while the database is away). */
export type HealthBody = HealthResponse & {
  backup: { lastat: string | null; lastsize: number | null } | null;
};

export interface HealthSnapshot {
  statusCode: 200 | 503;
  body: HealthBody;
  /** The body as sent, made once per check rather than once per answer. */
  json: string;
  /** Seconds, on a 503 only. */
  retryAfter?: string;
  /** performance.now() when the check finished. */
  checkedAt: number;
}

/** The newest backup's time and size (scheduled-backups.ts keeps the list), handed in by app.ts. */
export type LatestBackup = (
  db: Executor,
) => Promise<{ finished_at: string; size: number } | undefined>;

/**
 * The health check's answer, checked against the database at most once per `maxAgeMs` for the
 * health fast path (health/fast-path.ts): a load balancer or monitor asking many times a
 * second then costs no query each. `check()` always asks the database (the Fastify route, which
 * tests and the first request after the snapshot ages go through); concurrent checks share one.
 */
export function createHealthStatus(
  db: Db,
  { maxAgeMs, latestBackup }: { maxAgeMs: number; latestBackup: LatestBackup },
) {
  let snapshot: HealthSnapshot | undefined;
  let inFlight: Promise<HealthSnapshot> | undefined;

  async function ask(): Promise<HealthSnapshot> {
    const ok = await db.ping();
    // The database answered the ping; should it go away just now, health still answers.
    const last = ok ? await latestBackup(db.kysely).catch(() => null) : null;
    const body: HealthBody = {
      status: ok ? 'ok' : 'degraded',
      database: { dialect: db.dialect, ok },
      message: ok ? HEALTHY : DATABASE_DOWN,
      backup: ok ? { lastat: last?.finished_at ?? null, lastsize: last?.size ?? null } : null,
    };
    return {
      statusCode: ok ? 200 : 503,
      body,
      json: JSON.stringify(body),
      ...(ok ? {} : { retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) }),
      checkedAt: performance.now(),
    };
  }

  return {
    check(): Promise<HealthSnapshot> {
      inFlight ??= ask()
        .then((fresh) => (snapshot = fresh))
        .finally(() => (inFlight = undefined));
      return inFlight;
    },
    /** The last check's answer while it is younger than maxAgeMs; otherwise undefined (ask check()). */
    fresh(): HealthSnapshot | undefined {
      return snapshot && performance.now() - snapshot.checkedAt < maxAgeMs ? snapshot : undefined;
    },
  };
}
export type HealthStatus = ReturnType<typeof createHealthStatus>;
