import { mkdtempSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogNotOnDisk } from '../lib/database-unavailable.ts';
import { createDb, transactionOfLooks, type Db } from './database.ts';

// Decision 046: a group of looks commits at synchronous = NORMAL, then the log is synced on the
// thread pool, and no member of the group is answered before that sync succeeded. The syncs are
// held and failed through Db.interceptLogSync; what Node's file API is asked to sync is watched too.

const files = vi.hoisted(() => ({
  /** Each file synced, with how: datasync (the log) or sync (its folder). */
  synced: [] as string[],
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof real.open>) => {
    const [where] = args;
    const handle = await real.open(...args);
    const datasync = handle.datasync.bind(handle);
    const sync = handle.sync.bind(handle);
    handle.datasync = async () => {
      files.synced.push(`datasync ${String(where)}`);
      return datasync();
    };
    handle.sync = async () => {
      files.synced.push(`sync ${String(where)}`);
      return sync();
    };
    return handle;
  };
  return { ...real, open, default: { ...real, open } };
});

interface Scratch {
  items: { id: Generated<number>; name: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await sleep(50);
  return done;
}

/** Holds every sync until released; each release lets one sync run (or fail). */
function syncGate(db: Db) {
  const waiting: { go: (fail?: Error) => void }[] = [];
  let started = 0;
  db.interceptLogSync?.(async (sync) => {
    started += 1;
    const fail = await new Promise<Error | undefined>((resolve) =>
      waiting.push({ go: (error) => resolve(error) }),
    );
    if (fail) throw fail;
    await sync();
  });
  return {
    started: () => started,
    async whenStarted(n: number) {
      for (let i = 0; i < 200 && started < n; i++) await sleep(10);
      expect(started).toBe(n);
    },
    release(fail?: Error) {
      const next = waiting.shift();
      if (!next) throw new Error('no sync is waiting');
      next.go(fail);
    },
  };
}

describe('the log of a group of looks is synced before its members are answered', () => {
  let dir: string;
  let file: string;
  let db: Db;
  let k: Kysely<Scratch>;
  let outside: DatabaseSync;
  const warnings: string[] = [];

  const committedNames = (): string[] =>
    (outside.prepare('select name from items order by id').all() as { name: string }[]).map(
      (r) => r.name,
    );

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tend-log-sync-'));
    file = path.join(dir, 'tend.db');
    db = createDb(
      { kind: 'sqlite', file },
      { log: { warn: (_details, message) => warnings.push(message) } },
    );
    k = db.kysely as unknown as Kysely<Scratch>;
    await sql`create table items (id integer primary key, name text not null)`.execute(k);
    outside = new DatabaseSync(file);
    files.synced.length = 0;
    warnings.length = 0;
  });
  afterEach(async () => {
    db.interceptLogSync?.(undefined);
    outside.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const look = (name: string) =>
    transactionOfLooks(db.kysely, async (trx) => {
      await (trx as unknown as Kysely<Scratch>).insertInto('items').values({ name }).execute();
    });
  const tick = (name: string) =>
    k.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name }).execute();
    });

  it('answers a look only after the sync of its commit, which runs off the event loop', async () => {
    const gate = syncGate(db);
    const answered = look('look');
    await gate.whenStarted(1);
    // Committed (another connection sees it) and the event loop goes on, but not answered.
    expect(committedNames()).toEqual(['look']);
    expect(await settled(answered)).toBe(false);
    gate.release();
    await answered;
  });

  it('syncs the groups committed during a sync together, with the next one', async () => {
    const gate = syncGate(db);
    const first = look('look 1');
    await gate.whenStarted(1);
    const later = [look('look 2'), look('look 3')];
    await sleep(20);
    const alsoLater = look('look 4');
    await sleep(20);
    expect(committedNames()).toEqual(['look 1', 'look 2', 'look 3', 'look 4']);
    // One sync at a time: the three later looks wait for the second, not begun yet.
    expect(gate.started()).toBe(1);
    gate.release();
    await first;
    await gate.whenStarted(2);
    expect(await settled(Promise.all([...later, alsoLater]))).toBe(false);
    gate.release();
    await Promise.all([...later, alsoLater]);
    expect(gate.started()).toBe(2);
  });

  it('makes a write that joins a group of looks wait for the same sync', async () => {
    const gate = syncGate(db);
    const both = [look('look'), tick('tick')];
    await gate.whenStarted(1);
    expect(committedNames()).toEqual(['look', 'tick']);
    expect(await settled(Promise.all(both))).toBe(false);
    gate.release();
    await Promise.all(both);
  });

  it('answers a waiting group at once when a durable COMMIT synced the log after it', async () => {
    const gate = syncGate(db);
    const first = look('look 1');
    await gate.whenStarted(1);
    const second = look('look 2');
    await sleep(20);
    // A write of its own (FULL) syncs the whole log: look 2, committed before it, is on disk.
    await tick('tick');
    await second;
    expect(await settled(first)).toBe(false);
    gate.release();
    await first;
    expect(gate.started()).toBe(1);
  });

  it('fails the looks waiting on a sync that failed, says so in the log, and syncs the next', async () => {
    const gate = syncGate(db);
    const stampBefore = db.changeStamp?.();
    const failed = [look('look 1'), tick('tick')];
    await gate.whenStarted(1);
    gate.release(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    const results = await Promise.allSettled(failed);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LogNotOnDisk);
    expect(warnings).toEqual([
      'the database log could not be synced to disk; the requests waiting for it were answered 503',
    ]);
    // Answers kept meanwhile are not given again.
    expect(db.changeStamp?.()).not.toBe(stampBefore);
    const next = look('look 2');
    await gate.whenStarted(2);
    gate.release();
    await next;
  });

  it('syncs the log file itself with fdatasync, and its folder once', async () => {
    await look('look 1');
    await look('look 2');
    expect(files.synced).toEqual([`datasync ${file}-wal`, `sync ${dir}`, `datasync ${file}-wal`]);
    // A write of its own is synced by SQLite (FULL), on the event loop as before.
    await tick('tick');
    expect(files.synced).toHaveLength(3);
  });
});
