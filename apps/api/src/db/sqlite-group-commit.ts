import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseSync } from 'node:sqlite';
import {
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import { isDatabaseBusy } from '../lib/database-unavailable.ts';
import { connectionOf, quoted } from './sqlite-connection.ts';
import { LogSyncs, openGroup, type Group, type LogSyncHook } from './sqlite-log-syncs.ts';
import {
  leaveSharedFile,
  sharedFile,
  type ConnectionQueue,
  type SharedFile,
} from './sqlite-shared-file.ts';

export type { LogSyncHook } from './sqlite-log-syncs.ts';

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
