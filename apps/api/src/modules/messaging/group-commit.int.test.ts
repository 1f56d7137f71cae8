import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test/helper.ts';
import type { Executor } from '../../db/schema.ts';
import { createGroupCommit } from './group-commit.ts';

describe.each(testDialects())('group commit on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  const count = (trx: Executor, key: string) =>
    trx.insertInto('counters').values({ key, count: 1, expires_at: '2999-01-01T00:00:00.000Z' });
  const keys = async () =>
    (await database.db.kysely.selectFrom('counters').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );

  it('commits the writes that succeed and rolls back alone the one that throws', async () => {
    const writes = createGroupCommit(database.db);
    const seen: Executor[] = [];
    const results = await Promise.allSettled(
      ['a', 'b', 'c'].map((key) =>
        writes.run(async (trx) => {
          seen.push(trx);
          await count(trx, key).execute();
          if (key === 'b') throw new Error('b failed after its insert');
          return key;
        }),
      ),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      'a',
      'Error: b failed after its insert',
      'c',
    ]);
    expect(await keys()).toEqual(['a', 'c']);
    // SQLite: the three queued together share one transaction (one synced commit).
    if (dialect === 'sqlite') expect(new Set(seen).size).toBe(1);
  });

  it('answers each write with its own error when the database refuses it, the rest still commit', async () => {
    const writes = createGroupCommit(database.db);
    await writes.run(async (trx) => count(trx, 'taken').execute());
    const results = await Promise.allSettled([
      writes.run(async (trx) => count(trx, 'taken').execute()),
      writes.run(async (trx) => count(trx, 'free').execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await keys()).toEqual(['free', 'taken']);
  });
});
