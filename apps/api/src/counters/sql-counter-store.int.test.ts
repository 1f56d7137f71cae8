import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/helper.ts';
import { createDb, type Db } from '../db/database.ts';
import { sqlCounterStore } from './sql-counter-store.ts';

const MINUTE = 60_000;

describe.each(testDialects())('counters in the %s database', (dialect) => {
  let database: TestDatabase;
  let second: Db;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    second = createDb(database.database);
  });
  afterEach(async () => {
    await second.close();
    await database.cleanup();
  });

  const rows = () =>
    database.db.kysely.selectFrom('counters').select(['key', 'count']).orderBy('key').execute();

  it('counts every hit exactly once when two connections hit one key at the same moment', async () => {
    const one = sqlCounterStore(database.db);
    const two = sqlCounterStore(second);
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).hit('rate:k', 15 * MINUTE)),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(await rows()).toEqual([{ key: 'rate:k', count: 40 }]);
  });

  it('keeps a fixed window from the first hit and starts afresh once it has passed', async () => {
    let now = Date.parse('2026-03-01T10:00:00.000Z');
    const store = sqlCounterStore(database.db, () => now);
    expect(await store.hit('k', 10 * MINUTE)).toEqual({ count: 1, ttlMs: 10 * MINUTE });
    now += 4 * MINUTE;
    expect(await store.hit('k', 10 * MINUTE)).toEqual({ count: 2, ttlMs: 6 * MINUTE });
    now += 6 * MINUTE;
    expect(await store.hit('k', 10 * MINUTE)).toEqual({ count: 1, ttlMs: 10 * MINUTE });
  });

  it('forgets a key on reset, and only that key', async () => {
    const store = sqlCounterStore(database.db);
    await store.hit('a', MINUTE);
    await store.hit('b', MINUTE);
    await store.reset('a');
    expect(await rows()).toEqual([{ key: 'b', count: 1 }]);
    expect((await store.hit('a', MINUTE)).count).toBe(1);
  });

  it('deletes expired windows at most once a minute, leaving live ones', async () => {
    let now = Date.parse('2026-03-01T10:00:00.000Z');
    const store = sqlCounterStore(database.db, () => now);
    await store.hit('short', 1000);
    await store.hit('long', 60 * MINUTE);
    now += 30_000;
    await store.hit('other', 60 * MINUTE);
    // Expired, but the last sweep was under a minute ago: still there.
    expect((await rows()).map((r) => r.key)).toEqual(['long', 'other', 'short']);
    now += 31_000;
    await store.hit('other', 60 * MINUTE);
    expect((await rows()).map((r) => r.key)).toEqual(['long', 'other']);
  });
});

describe.each(testDialects())('counting inside a transaction, in the %s database', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  it('commits the hit with the transaction, and a rolled-back one leaves no count', async () => {
    const store = sqlCounterStore(database.db);
    await database.db.kysely.transaction().execute(async (trx) => {
      expect((await store.hit('k', MINUTE, trx)).count).toBe(1);
    });
    await expect(
      database.db.kysely.transaction().execute(async (trx) => {
        expect((await store.hit('k', MINUTE, trx)).count).toBe(2);
        throw new Error('the change this hit allowed failed');
      }),
    ).rejects.toThrow('the change this hit allowed failed');
    expect((await store.hit('k', MINUTE)).count).toBe(2);
  });
});
