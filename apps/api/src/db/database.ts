import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { safeErrorSummary } from '../lib/database-unavailable.ts';
import type { Database } from './schema.ts';
import { loadPg } from '../lib/load-pg.ts';
import { oneReadAtATime } from './one-read-at-a-time.ts';
import { adaptNodeSqlite } from './sqlite-adapter.ts';
import {
  GroupCommitSqliteDialect,
  syncedOffTheEventLoop,
  type LogSyncHook,
} from './sqlite-group-commit.ts';

export type { LogSyncHook } from './sqlite-group-commit.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The same query, throwing the driver's error when it fails (start-up tells the reasons apart). */
  check(): Promise<void>;
  close(): Promise<void>;
  /**
   * SQLite only: a stamp that is different whenever the database may have changed since it was
   * last taken — any row written on Tend's connection (total_changes, triggers included, even if
   * rolled back) or any commit by another connection or process (data_version). What was read
   * after a stamp was taken is still true while the stamp stays the same (kept-while-unchanged.ts).
   * Read synchronously, it costs no turn of the event loop. Undefined on PostgreSQL, where other
   * instances write without this process seeing it. The looks recorded by the audit trail's group
   * commit are left out unless `withAuditTrail` (for the one answer that shows them).
   */
  changeStamp?: (withAuditTrail?: boolean) => string;
  /**
   * PostgreSQL only: the same kind of stamp, read from the database (a count its triggers move with
   * every committed write, by any instance: migration 0023). The answer is read after the call, so
   * a write acknowledged before the call is in it; calls made while a read is on its way share the
   * next read (one round trip at a time however many requests ask). Rejects when the database does
   * not answer. The audit trail's rows have a count of their own, in it only `withAuditTrail`.
   */
  sharedChangeStamp?: (withAuditTrail?: boolean) => Promise<string>;
  /**
   * SQLite on a file only: puts a hook around every sync of the log that a group of looks waits
   * for (undefined: none). Tests hold a sync, or make it fail, with it (decision 046).
   */
  interceptLogSync?: (hook: LogSyncHook | undefined) => void;
}

/**
 * SQLite only: rows written on Tend's connection that only one answer shows (the audit trail's
 * looks, read only by the access log: its route says `keepAnswers: 'with-audit-trail'`, and its
 * answers are kept under the stamp with them). `changes()` is read inside the writing transaction, before and after its
 * statements, and `leaveOut(n)` takes those rows out of `changeStamp`, so recording a doctor's
 * look does not make every kept answer of everyone miss (docs/decisions/035).
 */
export interface ChangeCounter {
  changes(): number;
  leaveOut(rows: number): void;
}

const changeCounters = new WeakMap<Kysely<Database>, ChangeCounter>();

/**
 * The transaction of the audit trail's group commit of looks (docs/decisions/046). It resolves only
 * once it is committed and on disk, like every other: the records of looks are in the access log
 * before the answer they record leaves. On SQLite the group commits at NORMAL and the log is then
 * synced on libuv's thread pool, so the event loop serves other requests meanwhile; a failed sync
 * rejects it with LogNotOnDisk (a 503 in words). On PostgreSQL it is an ordinary transaction: its
 * COMMIT waits for the WAL flush (`synchronous_commit` as the server has it, `on` by default).
 */
export function transactionOfLooks<T>(
  kysely: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  // Only SQLite's connections have a change counter.
  if (changeCounters.has(kysely)) {
    return syncedOffTheEventLoop(() => kysely.transaction().execute(work));
  }
  return kysely.transaction().execute(work);
}

/** The change counter of this SQLite connection; undefined on PostgreSQL. */
export function changeCounterOf(kysely: Kysely<Database>): ChangeCounter | undefined {
  return changeCounters.get(kysely);
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/**
 * PostgreSQL hands out instants as ISO strings, like SQLite, so the repo layer sees one shape.
 * Counts (int8) become numbers: no table here will hold 2^53 rows.
 */
function pgTypes(): pg.CustomTypesConfig {
  const { types } = loadPg();
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
      if (oid === INT8_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format) as (value: string) => unknown;
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 3000;
/** How long SQLite waits for another process's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** The part of pino the database needs: connection trouble is logged, never thrown. */
export interface DbLog {
  warn(details: object, message: string): void;
}

export interface DbOptions {
  log?: DbLog;
  /** Tests shorten it to see SQLITE_BUSY quickly. */
  sqliteBusyTimeoutMs?: number;
  /** How Tend's connections are named in pg_stat_activity (tests pick their own to find theirs). */
  applicationName?: string;
}

type SqliteConfig = Extract<Config['database'], { kind: 'sqlite' }>;

function openSqlite(
  { file, synchronous = 'full' }: SqliteConfig,
  busyTimeoutMs: number,
  log: DbLog | undefined,
): {
  kysely: Kysely<Database>;
  changeStamp: (withAuditTrail?: boolean) => string;
  interceptLogSync: (hook: LogSyncHook | undefined) => void;
} {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  // FULL with WAL syncs the log on every commit, so an acknowledged write survives a power cut,
  // not only a crash of the process (NORMAL may lose the last commits then).
  const sync = synchronous === 'normal' ? 'NORMAL' : 'FULL';
  database.exec(
    `PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}; PRAGMA synchronous = ${sync};`,
  );
  const totalChanges = database.prepare('SELECT total_changes()');
  totalChanges.setReturnArrays(true);
  const dataVersion = database.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true);
  // Reading data_version opens a read transaction (~20 µs of file locking here), so it is read
  // once per turn of the event loop: a commit by another process is seen by every request read
  // from the network after the turn it happened in. Tend's own writes are counted every time.
  let version: unknown;
  const forgetVersion = () => {
    version = undefined;
  };
  const changes = () => Number((totalChanges.get() as unknown as unknown[])[0]);
  let leftOut = 0;
  // Rows of a group commit that never reached the disk still count in total_changes, and so do the
  // rows read back meanwhile: a lost group moves the stamp by itself (decision 040).
  let groupsLost = 0;
  const changeStamp = (withAuditTrail = false) => {
    if (version === undefined) {
      version = (dataVersion.get() as unknown as unknown[])[0];
      setImmediate(forgetVersion);
    }
    return `${String(changes() - (withAuditTrail ? 0 : leftOut))}:${String(version)}:${String(groupsLost)}`;
  };
  let logSyncHook: LogSyncHook | undefined;
  const kysely = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(database, adaptNodeSqlite(database), {
      onLost: () => {
        groupsLost += 1;
      },
      onLogSyncFailed: (error) =>
        log?.warn(
          { failure: safeErrorSummary(error) },
          'the database log could not be synced to disk; the requests waiting for it were answered 503',
        ),
      logSyncHook: () => logSyncHook,
      busyTimeoutMs,
    }),
  });
  changeCounters.set(kysely, {
    changes,
    leaveOut: (rows) => {
      leftOut += rows;
    },
  });
  return {
    kysely,
    changeStamp,
    interceptLogSync: (hook) => {
      logSyncHook = hook;
    },
  };
}

function openPostgres(
  { url, searchPath }: Extract<Config['database'], { kind: 'postgres' }>,
  { log, applicationName = 'tend' }: DbOptions,
): { kysely: Kysely<Database>; sharedChangeStamp: (withAuditTrail?: boolean) => Promise<string> } {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    application_name: applicationName,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive probes notice a connection whose other end vanished without closing it (a
    // network partition, a host gone dark) instead of waiting for the kernel's two-hour default.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: pgTypes(),
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An 'error' event without a listener is an uncaught exception, and main.ts shuts down on those.
  // A connection the server dropped (restart, pg_terminate_backend) emits one on its client, and
  // the pool re-emits it when the client was idle. The pool discards the broken connection either
  // way and the next query opens a fresh one, so logging it once, from the client, is all to do.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      log?.warn({ failure: safeErrorSummary(error) }, 'lost a PostgreSQL connection'),
    );
  });
  const readStamps = oneReadAtATime(async () => {
    const { rows } = await pool.query<{ stamp: string; audit: string }>(CHANGE_STAMP_QUERY);
    return rows[0] ?? { stamp: '', audit: '' };
  });
  return {
    kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    sharedChangeStamp: async (withAuditTrail = false) => {
      const { stamp, audit } = await readStamps();
      return withAuditTrail ? `${stamp}+${audit}` : stamp;
    },
  };
}

// Prepared once per connection. Each shard only grows, so each sum moves with every counted commit:
// the first 16 rows count writes to everything but the audit trail, the others the audit trail's.
// The server's start time is in it too: a standby promoted after the primary failed may lack the
// primary's last commits and count to the same sums through other writes.
const CHANGE_STAMP_QUERY = {
  name: 'tend-change-stamp',
  text:
    `select sum(n) filter (where shard < 16)::text || '@' || pg_postmaster_start_time()::text as stamp, ` +
    `sum(n) filter (where shard >= 16)::text as audit from change_stamp`,
};

// Compiled once: the health check runs it on every call.
const SELECT_ONE = CompiledQuery.raw('select 1');

export function createDb(database: Config['database'], options: DbOptions = {}): Db {
  const dialect: Dialect = database.kind;
  const opened =
    database.kind === 'sqlite'
      ? openSqlite(database, options.sqliteBusyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS, options.log)
      : openPostgres(database, options);
  const { kysely } = opened;
  return {
    kysely,
    dialect,
    ...('changeStamp' in opened ? { changeStamp: opened.changeStamp } : {}),
    ...('sharedChangeStamp' in opened ? { sharedChangeStamp: opened.sharedChangeStamp } : {}),
    ...('interceptLogSync' in opened && database.kind === 'sqlite' && database.file !== ':memory:'
      ? { interceptLogSync: opened.interceptLogSync }
      : {}),
    async ping() {
      try {
        await kysely.executeQuery(SELECT_ONE);
        return true;
      } catch {
        return false;
      }
    },
    async check() {
      await kysely.executeQuery(SELECT_ONE);
    },
    close: () => kysely.destroy(),
  };
}
