import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, transactionOfLooks, type Db } from './database.ts';

// Decision 040: SQLite's write transactions share one COMMIT, and nothing is answered before it.

interface Scratch {
  items: { id: Generated<number>; name: string };
  children: { id: Generated<number>; item_id: number };
}

describe('group commit of SQLite write transactions', () => {
  let dir: string;
  let file: string;
  let db: Db;
  let k: Kysely<Scratch>;
  /** Another connection to the same file: it sees only what is committed. */
  let outside: DatabaseSync;

  const committedNames = (): string[] =>
    (outside.prepare('select name from items order by id').all() as { name: string }[]).map(
      (r) => r.name,
    );

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tend-group-commit-'));
    file = path.join(dir, 'tend.db');
    db = createDb({ kind: 'sqlite', file });
    k = db.kysely as unknown as Kysely<Scratch>;
    await sql`create table items (id integer primary key, name text not null unique)`.execute(k);
    // A deferred foreign key is checked at COMMIT: the way a test makes a shared COMMIT fail.
    await sql`create table children (id integer primary key, item_id integer not null
      references items (id) deferrable initially deferred)`.execute(k);
    outside = new DatabaseSync(file);
  });
  afterEach(async () => {
    outside.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (name: string) =>
    k.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name }).execute();
      return name;
    });

  it('answers each transaction only once its rows are committed', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `item ${String(i)}`);
    const seenAtAnswer = await Promise.all(
      names.map((name) => insert(name).then(() => committedNames().includes(name))),
    );
    expect(seenAtAnswer).toEqual(names.map(() => true));
    expect(committedNames()).toEqual(names);
  });

  it('commits twenty concurrent transactions together, unseen by anyone until then', async () => {
    // Each commit appends the pages it changed to the write-ahead log (a table page and the unique
    // index's here): twenty commits of their own would append at least forty.
    const pageSize = Number(
      (outside.prepare('pragma page_size').get() as { page_size: number }).page_size,
    );
    const walBytes = () => statSync(`${file}-wal`).size;
    const before = walBytes();
    const seenOutside = new Set<number>();
    const names = Array.from({ length: 20 }, (_, i) => `concurrent ${String(i)}`);
    await Promise.all(
      names.map((name) =>
        k.transaction().execute(async (trx) => {
          await trx.insertInto('items').values({ name }).execute();
          seenOutside.add(
            Number((outside.prepare('select count(*) as n from items').get() as { n: number }).n),
          );
        }),
      ),
    );
    expect(seenOutside).toEqual(new Set([0]));
    expect(committedNames()).toEqual(names);
    const frames = (walBytes() - before) / (pageSize + 24);
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThan(10);
  });

  it('rolls back alone a transaction that fails, and commits the others of its group', async () => {
    const results = await Promise.allSettled([
      insert('first'),
      insert('first'), // unique name: this one fails
      insert('second'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['first', 'second']);
  });

  it('commits the open group before a statement that writes outside any transaction (RETURNING rows or not), which runs on its own', async () => {
    const member = insert('member');
    const single = k
      .insertInto('items')
      .values({ name: 'single' })
      .execute()
      .then(() => committedNames());
    await member;
    expect(await single).toEqual(['member', 'single']);
    // So is a write that answers rows (RETURNING), built or raw: it does not slip into the group.
    const beside = insert('beside');
    const returned = await k
      .insertInto('items')
      .values({ name: 'returned' })
      .returning('name')
      .execute();
    expect(returned).toEqual([{ name: 'returned' }]);
    expect(committedNames()).toEqual(['member', 'single', 'beside', 'returned']);
    await beside;
    const besideAgain = insert('beside again');
    const { rows } = await sql<{
      name: string;
    }>`update items set name = name || '!' where name = 'returned' returning name`.execute(k);
    expect(rows).toEqual([{ name: 'returned!' }]);
    expect(committedNames()).toContain('beside again');
    await besideAgain;
    // A PRAGMA is such a statement: inside the shared transaction it would do nothing.
    const during = insert('during');
    await sql`pragma foreign_keys = off`.execute(k);
    await during;
    const pragma = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(k);
    expect(pragma.rows[0]?.foreign_keys).toBe(0);
  });

  it('waits for another connection’s write lock with timers, and gives up in words after the busy timeout', async () => {
    await insert('before');
    outside.exec('BEGIN IMMEDIATE');
    outside.exec("insert into items (name) values ('outside')");
    let ticks = 0;
    const clock = setInterval(() => (ticks += 1), 2);
    try {
      const member = insert('member');
      const single = k.insertInto('items').values({ name: 'single' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 60));
      // The event loop ran meanwhile: SQLite did not sleep in it. (A few ticks are enough to show
      // it; on a busy machine a 2 ms interval fires far fewer than 30 times in 60 ms.)
      expect(ticks).toBeGreaterThan(1);
      outside.exec('COMMIT');
      await Promise.all([member, single]);
      expect(committedNames().sort()).toEqual(['before', 'member', 'outside', 'single']);
    } finally {
      clearInterval(clock);
    }

    const impatient = createDb({ kind: 'sqlite', file }, { sqliteBusyTimeoutMs: 50 });
    try {
      outside.exec('BEGIN IMMEDIATE');
      await expect(
        (impatient.kysely as unknown as Kysely<Scratch>)
          .insertInto('items')
          .values({ name: 'late' })
          .execute(),
      ).rejects.toThrow(/locked|busy/i);
      outside.exec('ROLLBACK');
    } finally {
      await impatient.close();
    }
    expect(committedNames()).not.toContain('late');
  });

  it('lets a read during an open group see its rows without waiting for the disk', async () => {
    const member = insert('member');
    const read = k
      .selectFrom('items')
      .select('name')
      .execute()
      .then((rows) => ({ rows: rows.map((r) => r.name), committed: committedNames() }));
    expect(await read).toEqual({ rows: ['member'], committed: [] });
    await member;
    expect(committedNames()).toEqual(['member']);
  });

  it('rejects every member when the shared COMMIT fails, keeps none of them, and moves the stamp', async () => {
    const stampBefore = db.changeStamp?.();
    const orphan = k.transaction().execute(async (trx) => {
      await trx.insertInto('children').values({ item_id: 999 }).execute();
    });
    const bystander = insert('bystander');
    const results = await Promise.allSettled([orphan, bystander]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNames()).toEqual([]);
    const stampAfter = db.changeStamp?.();
    expect(stampAfter).not.toBe(stampBefore);
    // The connection is usable again: the next group commits.
    await insert('after');
    expect(committedNames()).toEqual(['after']);
    expect(db.changeStamp?.()).not.toBe(stampAfter);
  });

  it('commits a group of looks at NORMAL, which other writes may join, and goes back to FULL', async () => {
    // Decision 046: the group's log is synced on the thread pool after its COMMIT, and each member,
    // look or not, is answered only after that sync (sqlite-log-sync.int.test.ts holds it).
    const level = async (executor: Kysely<Scratch>) =>
      Number(
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(executor)).rows[0]
          ?.synchronous,
      );
    const FULL = 2;
    const NORMAL = 1;
    expect(await level(k)).toBe(FULL);
    const levels: Record<string, number> = {};
    const look = (name: string) =>
      transactionOfLooks(db.kysely, async (trx) => {
        const t = trx as unknown as Kysely<Scratch>;
        await t.insertInto('items').values({ name }).execute();
        levels[name] = await level(t);
      }).then(() => committedNames().includes(name));
    const durable = (name: string) =>
      k
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('items').values({ name }).execute();
          levels[name] = await level(trx);
        })
        .then(() => committedNames().includes(name));
    // Begun in one turn: all four share the group the first look opened.
    const seen = await Promise.all([
      look('look 1'),
      look('look 2'),
      durable('tick'),
      look('look 3'),
    ]);
    expect(seen).toEqual([true, true, true, true]);
    expect(levels).toEqual({ 'look 1': NORMAL, 'look 2': NORMAL, tick: NORMAL, 'look 3': NORMAL });
    // A group a write opened stays at FULL, and a look may join it (its COMMIT syncs the log).
    const joined = await Promise.all([durable('tick 2'), look('look 4')]);
    expect(joined).toEqual([true, true]);
    expect(levels['tick 2']).toBe(FULL);
    expect(levels['look 4']).toBe(FULL);
    // Back to the connection's own level for everything after, a write outside a transaction too.
    expect(await level(k)).toBe(FULL);
    await look('look 5');
    await k.insertInto('items').values({ name: 'alone' }).execute();
    expect(levels['look 5']).toBe(NORMAL);
    expect(await level(k)).toBe(FULL);
    expect(committedNames()).toEqual([
      'look 1',
      'look 2',
      'tick',
      'look 3',
      'tick 2',
      'look 4',
      'look 5',
      'alone',
    ]);
  });
});
