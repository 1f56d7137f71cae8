import { mkdtempSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, transactionWithoutWaitingForDisk, type Db } from './database.ts';
import { SYNC_WITHIN_MS } from './sqlite-group-commit.ts';

// Decision 041: a group of looks commits at synchronous = NORMAL, and the log is synced to disk on
// the thread pool within SYNC_WITHIN_MS, unless a durable COMMIT synced it meanwhile. What is
// watched is Node's own file API: which files are opened and synced, and when.

const files = vi.hoisted(() => ({
  synced: [] as string[],
  /** Opening this path fails once, as a disk error would. */
  failing: undefined as string | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof real.open>) => {
    const [where] = args;
    if (String(where) === files.failing) {
      files.failing = undefined;
      throw Object.assign(new Error('EIO: i/o error, open'), { code: 'EIO' });
    }
    const handle = await real.open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      files.synced.push(String(where));
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

describe('the late sync of commits that did not wait for the disk', () => {
  let dir: string;
  let wal: string;
  let db: Db;
  let k: Kysely<Scratch>;
  const warnings: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tend-late-sync-'));
    const file = path.join(dir, 'tend.db');
    wal = `${file}-wal`;
    db = createDb(
      { kind: 'sqlite', file },
      { log: { warn: (_details, message) => warnings.push(message) } },
    );
    k = db.kysely as unknown as Kysely<Scratch>;
    await sql`create table items (id integer primary key, name text not null)`.execute(k);
    files.synced.length = 0;
    files.failing = undefined;
    warnings.length = 0;
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const look = (name: string) =>
    transactionWithoutWaitingForDisk(db.kysely, async (trx) => {
      await (trx as unknown as Kysely<Scratch>).insertInto('items').values({ name }).execute();
    });

  it('syncs the log once, within a second of a look’s commit, not before', async () => {
    await look('look 1');
    await look('look 2');
    expect(files.synced).toEqual([]);
    await sleep(SYNC_WITHIN_MS + 500);
    expect(files.synced).toEqual([wal]);
  });

  it('leaves it to a durable commit that came first, which synced the log itself', async () => {
    await look('look');
    await k.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'tick' }).execute();
    });
    await sleep(SYNC_WITHIN_MS + 500);
    expect(files.synced).toEqual([]);
  });

  it('says in the log when the late sync fails, and syncs after the next look', async () => {
    files.failing = wal;
    await look('look 1');
    await sleep(SYNC_WITHIN_MS + 500);
    expect(warnings).toEqual([
      'the database log could not be synced to disk after a commit that did not wait for it',
    ]);
    expect(files.synced).toEqual([]);
    await look('look 2');
    await sleep(SYNC_WITHIN_MS + 500);
    expect(files.synced).toEqual([wal]);
  });
});
