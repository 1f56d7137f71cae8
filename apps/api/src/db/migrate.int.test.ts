import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/helper.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

describe.each(testDialects())('migrations on %s', (dialect) => {
  let testDb: TestDatabase;
  afterEach(() => testDb.cleanup());

  it('applies every migration in order to a fresh database, then has nothing left to do', async () => {
    testDb = await createTestDatabase(dialect, { migrate: false });
    const applied = await migrateToLatest(testDb.db);
    expect(applied.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    expect(await migrateToLatest(testDb.db)).toEqual([]);
  });

  it('keeps every value as written: ids, text and instants come back unchanged', async () => {
    testDb = await createTestDatabase(dialect);
    const row = {
      id: '0190f0c2-0000-7000-8000-000000000001',
      email: 'Ünïcode@Example.org',
      email_normalized: 'ünïcode@example.org',
      created_at: '2026-11-21T23:59:59.123Z',
    };
    await testDb.db.kysely.insertInto('subscriptions').values(row).execute();
    const back = await testDb.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(back).toEqual(row);
  });

  it('enforces the unique index it creates', async () => {
    testDb = await createTestDatabase(dialect);
    const values = {
      email: 'a@b.co',
      email_normalized: 'a@b.co',
      created_at: new Date().toISOString(),
    };
    await testDb.db.kysely
      .insertInto('subscriptions')
      .values({ id: 'one', ...values })
      .execute();
    await expect(
      testDb.db.kysely
        .insertInto('subscriptions')
        .values({ id: 'two', ...values })
        .execute(),
    ).rejects.toThrow();
  });
});
