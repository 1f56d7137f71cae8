import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { isDatabaseBusy, isDatabaseUnreachable } from '../lib/database-unavailable.ts';

export const FIRST_RETRY_MS = 500;
export const LONGEST_RETRY_MS = 10_000;

export interface WaitForDatabaseOptions {
  /** Resolves once the database answers; throws the driver's error otherwise. */
  check: () => Promise<void>;
  /** Where the database is, for the log: host:port or the SQLite file. Never credentials. */
  location: string;
  log: (line: string) => void;
  /** Injected so tests run the schedule without waiting. */
  sleep?: (ms: number) => Promise<void>;
}

/** "host:port/name" of a postgres:// URL, without user or password; the file for SQLite. */
export function describeDatabase(database: Config['database']): string {
  if (database.kind === 'sqlite') return database.file;
  try {
    const url = new URL(database.url);
    const name = url.pathname.replace(/^\//, '');
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${name ? `/${name}` : ''}`;
  } catch {
    return 'the configured PostgreSQL server';
  }
}

/** The delay before attempt `attempt + 1`: 0.5 s, 1 s, 2 s, … up to 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

function reason(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === '57P03') return 'the database is starting up';
  if (code === '53300') return 'no free connection slots';
  if (isDatabaseBusy(error)) return 'the database file is locked';
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  return error instanceof Error && error.message ? error.message : 'no answer';
}

/**
 * Start-up while the database is down or still starting (a reboot, a container started first):
 * try again with a growing pause and say so once per attempt, rather than exit and leave a
 * restart loop to a supervisor. Anything else, such as a wrong password or a missing database, is
 * a configuration problem and is thrown at once.
 */
export async function waitForDatabase({
  check,
  location,
  log,
  sleep = (ms) => delay(ms),
}: WaitForDatabaseOptions): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await check();
      return attempt;
    } catch (error) {
      if (!isDatabaseUnreachable(error) && !isDatabaseBusy(error)) throw error;
      const pause = retryDelayMs(attempt);
      log(
        `waiting for the database at ${location} (attempt ${attempt}: ${reason(error)}); ` +
          `trying again in ${pause >= 1000 ? `${pause / 1000} s` : `${pause} ms`}`,
      );
      await sleep(pause);
    }
  }
}
