import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { LogNotOnDisk } from '../lib/database-unavailable.ts';

/**
 * Runs one sync of the log to disk (`sync`) and resolves once it is done. Tests put one in place
 * (Db.interceptLogSync) to hold a sync or make it fail; the default just runs it.
 */
export type LogSyncHook = (sync: () => Promise<void>) => Promise<void>;

/** The transactions one shared COMMIT holds (sqlite-group-commit.ts): answered once on disk. */
export interface Group {
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

export function openGroup(lowered: boolean, unsynced: boolean): Group {
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

/**
 * The syncs of one connection's log (`<file>-wal`) on libuv's thread pool. One at a time: the
 * groups committed while one runs wait for the next, which syncs them all at once. A group is
 * resolved only after a sync that began after its COMMIT has succeeded, or after a COMMIT that
 * synced the log itself (FULL) came after it. Why a sync of the log file alone is enough, even
 * across checkpoints: docs/decisions/046.
 */
export class LogSyncs {
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
