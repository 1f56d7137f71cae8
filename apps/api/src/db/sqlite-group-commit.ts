import { AsyncLocalStorage } from 'node:async_hooks';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  SelectQueryNode,
  UpdateQueryNode,
  SqliteAdapter,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { isDatabaseBusy, LogNotOnDisk } from '../lib/database-unavailable.ts';

/**
 * Runs one sync of the log to disk (`sync`) and resolves once it is done. Tests put one in place
 * (Db.interceptLogSync) to hold a sync or make it fail; the default just runs it.
 */
export type LogSyncHook = (sync: () => Promise<void>) => Promise<void>;

interface DriverOptions {
  /** A group's COMMIT failed, or its sync did: its members were rejected. */
  onLost: () => void;
  /** The log could not be synced after a group's COMMIT: the requests waiting on it got a 503. */
  onLogSyncFailed: (error: unknown) => void;
  /** The hook in place now, read at each sync. */
  logSyncHook: () => LogSyncHook | undefined;
  busyTimeoutMs: number;
}

/**
 * SQLite's write transactions, committed together (docs/decisions/040).
 *
 * With `synchronous = FULL` every COMMIT waits for the disk (0.3–7 ms here), and node:sqlite waits on
 * the event loop: one write per sync is all the server can do, whatever else it has to do. So the
 * first transaction to begin opens a shared one (BEGIN IMMEDIATE) and runs inside it as a
 * SAVEPOINT; every transaction that takes the connection before the shared COMMIT (queued one turn
 * of the event loop after it opened) runs as a savepoint of its own in it. A transaction that fails
 * rolls back to its savepoint and leaves the others alone. None is answered before the shared
 * COMMIT: each one's `execute()` resolves only once it is on disk, and rejects if it is not.
 *
 * A statement outside a transaction that writes runs on its own as before, once the open group is
 * committed. A read meanwhile sees the group's rows without waiting (as InnoDB shows a transaction
 * committed in memory before its group's log flush): for at most one sync, someone may see a write
 * whose writer has not yet been told it is saved. If the COMMIT fails, or SQLite ends the shared
 * transaction itself (disk full, I/O error), every member is rejected and `onLost` is told, which
 * moves the change stamp so that answers kept while the group was open are not given again.
 *
 * A transaction begun `syncedOffTheEventLoop` (the audit trail's looks, decision 046) opens its
 * group at `synchronous = NORMAL`: its COMMIT does not wait for the disk on the event loop. The
 * log is then synced on libuv's thread pool (LogSyncs), and every member of the group, whatever
 * began it, is answered only once that sync has succeeded: no one is told before the disk.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #raw: DatabaseSync;
  readonly #database: SqliteDatabase;
  readonly #options: DriverOptions;

  constructor(raw: DatabaseSync, database: SqliteDatabase, options: DriverOptions) {
    super({ database });
    this.#raw = raw;
    this.#database = database;
    this.#options = options;
  }

  override createAdapter(): SqliteAdapter {
    return new QueuedSqliteAdapter();
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#raw, this.#database, this.#options);
  }
}

/** Kysely's own one-connection mutex is replaced by the driver's queue (shared per file). */
class QueuedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** First come, first served on the one connection. */
class ConnectionQueue {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

interface Group {
  /** Opened at `synchronous = NORMAL` below the connection's own level, which is put back after. */
  lowered: boolean;
  /** Its COMMIT does not sync the log (lowered, or the connection's own level is NORMAL or OFF). */
  unsynced: boolean;
  /** A member must be on disk before it is answered and the COMMIT does not do it: synced after. */
  syncAfter: boolean;
  durable: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function openGroup(lowered: boolean, unsynced: boolean): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Rejections reach whoever waits on it; a group no one waited on is not an unhandled rejection.
  durable.catch(() => {});
  return { lowered, unsynced, syncAfter: false, durable, resolve, reject };
}

const MEMBER = 'tend_member';

/** Set while a transaction whose log is synced on the thread pool begins (decision 046). */
const offTheEventLoop = new AsyncLocalStorage<true>();

/**
 * Runs `begin` (a Kysely transaction) as one whose sync to disk happens on libuv's thread pool
 * instead of the event loop: the audit trail's looks (docs/decisions/046). Its group commits at
 * `synchronous = NORMAL`, the log is synced after, and it resolves only once that sync succeeded
 * (it rejects with LogNotOnDisk if the sync failed). Other transactions may join its group and
 * wait for the same sync.
 */
export function syncedOffTheEventLoop<T>(begin: () => Promise<T>): Promise<T> {
  return offTheEventLoop.run(true, begin);
}

/**
 * The syncs of one connection's log (`<file>-wal`) on libuv's thread pool. One at a time: the
 * groups committed while one runs wait for the next, which syncs them all at once. A group is
 * resolved only after a sync that began after its COMMIT has succeeded, or after a COMMIT that
 * synced the log itself (FULL) came after it. Why a sync of the log file alone is enough, even
 * across checkpoints: docs/decisions/046.
 */
class LogSyncs {
  readonly #wal: string;
  readonly #hook: () => LogSyncHook | undefined;
  readonly #onFailed: (error: unknown) => void;
  readonly #most: number;
  #handle: Promise<FileHandle> | undefined;
  /** The folder's entry of the log is synced once, with the first sync (SQLite does not at NORMAL). */
  #folder: Promise<void> | undefined;
  #next: Group[] = [];
  #inFlight = 0;
  #whenIdle: (() => void)[] = [];

  constructor(
    file: string,
    hook: () => LogSyncHook | undefined,
    onFailed: (error: unknown) => void,
    most = LOG_SYNCS_AT_ONCE,
  ) {
    this.#wal = `${file}-wal`;
    this.#hook = hook;
    this.#onFailed = onFailed;
    this.#most = most;
  }

  /** `group` has just been committed: answer its members once the log is on disk. */
  request(group: Group): void {
    this.#next.push(group);
    this.#start();
  }

  /** A COMMIT that synced the log itself: every group committed before it is on disk. */
  syncedByCommit(): void {
    for (const group of this.#next.splice(0)) group.resolve();
  }

  /** Resolves when no sync is running or waiting. */
  async idle(): Promise<void> {
    while (this.#inFlight > 0) await new Promise<void>((resolve) => this.#whenIdle.push(resolve));
  }

  async close(): Promise<void> {
    await this.idle();
    const handle = this.#handle;
    this.#handle = undefined;
    await (await handle?.catch(() => undefined))?.close();
  }

  #start(): void {
    if (this.#inFlight >= this.#most || this.#next.length === 0) return;
    const groups = this.#next.splice(0);
    this.#inFlight += 1;
    void this.#syncFor(groups).finally(() => {
      this.#inFlight -= 1;
      this.#start();
      if (this.#inFlight === 0) for (const resolve of this.#whenIdle.splice(0)) resolve();
    });
  }

  async #syncFor(groups: Group[]): Promise<void> {
    try {
      const sync = () => this.#syncOnce();
      const hook = this.#hook();
      await (hook ? hook(sync) : sync());
      for (const group of groups) group.resolve();
    } catch (error) {
      this.#onFailed(error);
      const failure = new LogNotOnDisk(error);
      for (const group of groups) group.reject(failure);
    }
  }

  async #syncOnce(): Promise<void> {
    // Kept open: SQLite keeps the log file while any connection is open (this one is), so the
    // handle stays the file SQLite writes. fdatasync, as SQLite's own sync does on Linux.
    this.#handle ??= open(this.#wal, 'r');
    let handle: FileHandle;
    try {
      handle = await this.#handle;
    } catch (error) {
      this.#handle = undefined;
      throw error;
    }
    await handle.datasync();
    this.#folder ??= syncFolder(path.dirname(this.#wal));
    try {
      await this.#folder;
    } catch (error) {
      this.#folder = undefined;
      throw error;
    }
  }
}

/** How many syncs of one log may run at once on the thread pool (libuv has four threads). */
const LOG_SYNCS_AT_ONCE = 1;

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The connections of this process to one database file (two instances in one test, a second Db a
 * command opens beside the server's) take turns in one queue, and one holding it commits another's
 * open group before writing: otherwise a group left open across turns of the event loop would hold
 * SQLite's write lock while the other connection waited for it in the same thread.
 */
interface SharedFile {
  queue: ConnectionQueue;
  open: Set<GroupCommitDriver>;
  connections: number;
}
const sharedFiles = new Map<string, SharedFile>();

function sharedFile(file: string | undefined): SharedFile {
  const fresh = (): SharedFile => ({
    queue: new ConnectionQueue(),
    open: new Set(),
    connections: 0,
  });
  if (!file) return { ...fresh(), connections: 1 }; // in memory: no one else can open it
  let shared = sharedFiles.get(file);
  if (!shared) {
    shared = fresh();
    sharedFiles.set(file, shared);
  }
  shared.connections += 1;
  return shared;
}

function leaveSharedFile(file: string | undefined, shared: SharedFile): void {
  shared.connections -= 1;
  if (file && shared.connections === 0) sharedFiles.delete(file);
}

// A PRAGMA runs outside any open group: inside a transaction some (foreign_keys) do nothing.
const PRAGMA = /^\s*pragma\b/i;
/** Raw SQL that writes, though it may answer rows (RETURNING). */
const RAW_WRITE = /^\s*(?:insert|update|delete|replace)\b/i;

/** A write that answers rows (RETURNING) is still a write: it waits for no group and joins none. */
function writes(compiledQuery: CompiledQuery, reader: boolean): boolean {
  if (!reader) return true;
  const { query, sql } = compiledQuery;
  return (
    InsertQueryNode.is(query) ||
    UpdateQueryNode.is(query) ||
    DeleteQueryNode.is(query) ||
    MergeQueryNode.is(query) ||
    (!SelectQueryNode.is(query) && RAW_WRITE.test(sql))
  );
}

class GroupCommitDriver implements Driver {
  readonly #raw: DatabaseSync;
  readonly #database: SqliteDatabase;
  readonly #onLost: () => void;
  readonly #busyTimeoutMs: number;
  readonly #file: string | undefined;
  readonly #shared: SharedFile;
  readonly #queue: ConnectionQueue;
  readonly #connection: DatabaseConnection;
  #group: Group | undefined;
  /** Between a member's SAVEPOINT and its RELEASE or ROLLBACK TO. */
  #inMember = false;
  /** The group the connection's holder wrote in: its release waits for that group's COMMIT. */
  #wroteIn: Group | undefined;
  /** The connection's own `synchronous` level when its COMMITs sync the log (FULL or EXTRA). */
  #durableLevel: 'FULL' | 'EXTRA' | undefined;
  /** Syncs of the log on the thread pool; none for a database in memory. */
  readonly #logSyncs: LogSyncs | undefined;

  constructor(
    raw: DatabaseSync,
    database: SqliteDatabase,
    { onLost, onLogSyncFailed, logSyncHook, busyTimeoutMs }: DriverOptions,
  ) {
    this.#raw = raw;
    this.#database = database;
    this.#onLost = onLost;
    this.#busyTimeoutMs = busyTimeoutMs;
    // location() is undefined for an in-memory database.
    this.#file = raw.location() ?? undefined;
    this.#shared = sharedFile(this.#file);
    this.#queue = this.#shared.queue;
    this.#logSyncs =
      this.#file === undefined
        ? undefined
        : new LogSyncs(this.#file, logSyncHook, (error) => {
            onLost();
            onLogSyncFailed(error);
          });
    this.#connection = connectionOf(
      raw,
      database,
      (write) => this.#outsideMembers(write),
      (read) => this.#withoutBlocking(read),
    );
  }

  async init(): Promise<void> {
    // SQLite's own wait for another connection's lock sleeps in this thread: the driver waits with
    // timers instead (#withoutBlocking), so SQLite is told to give up at once and say so.
    this.#raw.exec('PRAGMA busy_timeout = 0');
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA: only above NORMAL does a COMMIT sync the log itself.
    const { synchronous } = this.#raw.prepare('PRAGMA synchronous').get() as {
      synchronous: number;
    };
    this.#durableLevel =
      this.#file === undefined
        ? undefined
        : synchronous === 3
          ? 'EXTRA'
          : synchronous === 2
            ? 'FULL'
            : undefined;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // node:sqlite answers synchronously: without a turn of the event loop before each taking, a
    // queue of requests would run query after query in one chain of microtasks and sockets would
    // wait in the kernel for seconds under load (chaos "load").
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.#queue.take();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    if (this.#group && !this.#raw.isTransaction) {
      this.#abandon(new Error('SQLite ended the shared transaction'));
    }
    const group = this.#wroteIn;
    this.#wroteIn = undefined;
    this.#queue.release();
    if (group) await group.durable;
  }

  async beginTransaction(): Promise<void> {
    this.#commitOthersGroups();
    const offLoop = offTheEventLoop.getStore() === true && this.#logSyncs !== undefined;
    if (!this.#group) {
      // A group of looks commits at NORMAL and its log is synced on the thread pool after. SQLite
      // takes the level only outside a transaction; it is put back as soon as the group ends.
      const lowered = offLoop && this.#durableLevel !== undefined;
      if (lowered) this.#raw.exec('PRAGMA synchronous = NORMAL');
      try {
        await this.#withoutBlocking(() => this.#raw.exec('BEGIN IMMEDIATE'));
      } catch (error) {
        if (lowered) this.#restoreDurability();
        throw error;
      }
      const group = openGroup(lowered, lowered || this.#durableLevel === undefined);
      this.#group = group;
      this.#shared.open.add(this);
      setImmediate(() => void this.#commitWhenItsTurn(group));
    }
    // A look joining a group whose COMMIT will not sync the log has it synced after. Any other
    // transaction in such a group waits for the same sync, so it too is answered after the disk.
    if (offLoop && this.#group.unsynced) this.#group.syncAfter = true;
    this.#raw.exec(`SAVEPOINT ${MEMBER}`);
    this.#inMember = true;
  }

  async commitTransaction(): Promise<void> {
    this.#raw.exec(`RELEASE ${MEMBER}`);
    this.#inMember = false;
    this.#wroteIn = this.#group;
  }

  async rollbackTransaction(): Promise<void> {
    this.#inMember = false;
    try {
      this.#raw.exec(`ROLLBACK TO ${MEMBER}; RELEASE ${MEMBER}`);
    } catch (error) {
      this.#abandon(error);
      throw error;
    }
    if (!this.#raw.isTransaction) this.#abandon(new Error('SQLite ended the shared transaction'));
  }

  /**
   * A statement outside any transaction. A read runs as it is (in an open group it sees the group's
   * rows). Anything else — a write, a PRAGMA, DDL — runs on its own as it always did: the open
   * group is committed first (a PRAGMA inside a transaction would do nothing), and SQLite's wait
   * for another process's write lock is waited without blocking the event loop.
   */
  #outsideMembers(write: () => unknown): unknown {
    if (this.#inMember) return write();
    this.commitOpenGroup();
    this.#commitOthersGroups();
    return this.#withoutBlocking(write);
  }

  /**
   * SQLite waits for another connection's lock by sleeping in the calling thread: here the whole
   * server, and with it the other connection's COMMIT when it is in this process (two instances in
   * one test). So the connection's busy timeout is 0 and a statement refused as busy is tried again
   * after timers, for as long as the busy timeout set for Tend. Nothing is spent when the file is
   * free, which is nearly always.
   */
  async #withoutBlocking<T>(run: () => T): Promise<T> {
    try {
      return run();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
    }
    const deadline = Date.now() + this.#busyTimeoutMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        return run();
      } catch (error) {
        if (!isDatabaseBusy(error) || Date.now() >= deadline) throw error;
      }
    }
  }

  async savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#raw.exec(`SAVEPOINT ${quoted(name)}`);
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#raw.exec(`ROLLBACK TO ${quoted(name)}`);
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.#raw.exec(`RELEASE ${quoted(name)}`);
  }

  async destroy(): Promise<void> {
    await this.#queue.take();
    try {
      this.commitOpenGroup();
      // The syncs of groups already committed finish (or fail) before the file is closed.
      await this.#logSyncs?.idle();
      this.#database.close();
      await this.#logSyncs?.close();
    } finally {
      leaveSharedFile(this.#file, this.#shared);
      this.#queue.release();
    }
  }

  /** Called holding the shared queue, so no one is using the other connections. */
  #commitOthersGroups(): void {
    for (const other of this.#shared.open) if (other !== this) other.commitOpenGroup();
  }

  async #commitWhenItsTurn(group: Group): Promise<void> {
    await this.#queue.take();
    try {
      if (this.#group === group) this.commitOpenGroup();
    } finally {
      this.#queue.release();
    }
  }

  /** Called holding the connection. */
  commitOpenGroup(): void {
    const group = this.#group;
    if (!group) return;
    try {
      this.#raw.exec('COMMIT');
      this.#group = undefined;
      this.#shared.open.delete(this);
      if (group.lowered) this.#restoreDurability();
      if (group.syncAfter && this.#logSyncs) {
        this.#logSyncs.request(group);
        return;
      }
      group.resolve();
      // This COMMIT synced the log, and with it every group committed before it.
      if (!group.unsynced) this.#logSyncs?.syncedByCommit();
    } catch (error) {
      this.#abandon(error);
    }
  }

  #restoreDurability(): void {
    if (this.#durableLevel) this.#raw.exec(`PRAGMA synchronous = ${this.#durableLevel}`);
  }

  /** The open group will not reach the disk: roll back what is left of it and reject its members. */
  #abandon(error: unknown): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    this.#shared.open.delete(this);
    try {
      if (this.#raw.isTransaction) this.#raw.exec('ROLLBACK');
    } catch {
      // SQLite has rolled it back already; there is nothing more to undo.
    }
    if (group.lowered) this.#restoreDurability();
    this.#onLost();
    group.reject(error);
  }
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Kysely's SqliteConnection, over the adapted (statement-caching) node:sqlite database. */
function connectionOf(
  raw: DatabaseSync,
  database: SqliteDatabase,
  write: (run: () => unknown) => unknown,
  /** A read refused because another process is recovering the file, tried again. */
  readAgain: (run: () => unknown) => Promise<unknown>,
): DatabaseConnection {
  return {
    async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
      const { sql, parameters } = compiledQuery;
      if (PRAGMA.test(sql)) {
        // Compiled once the open group is committed, and never reused: SQLite decides at compile
        // time that a PRAGMA like foreign_keys does nothing inside a transaction.
        return (await write(() => {
          const pragma = raw.prepare(sql);
          if (pragma.columns().length > 0) return { rows: pragma.all() as R[] };
          pragma.run();
          return { rows: [] };
        })) as QueryResult<R>;
      }
      const statement = database.prepare(sql);
      if (!writes(compiledQuery, statement.reader)) {
        try {
          return { rows: statement.all(parameters) as R[] };
        } catch (error) {
          if (!isDatabaseBusy(error)) throw error;
          return { rows: (await readAgain(() => statement.all(parameters))) as R[] };
        }
      }
      if (statement.reader) {
        return { rows: (await write(() => statement.all(parameters))) as R[] };
      }
      const { changes, lastInsertRowid } = (await write(() => statement.run(parameters))) as {
        changes?: number | bigint;
        lastInsertRowid?: number | bigint;
      };
      return {
        insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
        numAffectedRows: changes == null ? undefined : BigInt(changes),
        rows: [],
      };
    },
    async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
      const { sql, parameters, query } = compiledQuery;
      if (!SelectQueryNode.is(query)) {
        throw new Error('SQLite streams only select queries');
      }
      for (const row of database.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
    },
  };
}
