import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterEach } from 'vitest';
import type { Dialect } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from './helper.ts';

/**
 * A fresh database brought up to the migration before `migration`, to fill with rows as they
 * were and then migrate to the latest: a migration test's starting point.
 */
export async function databaseBeforeMigration(
  dialect: Dialect,
  migration: string,
): Promise<TestDatabase> {
  const testDb = await createTestDatabase(dialect, { migrate: false });
  const db = testDb.db;
  const schema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  const earlier: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(migrations)) {
    if (name < migration) earlier[name] = { up: (k) => step.up(k, db.dialect) };
  }
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(earlier) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw new Error(`earlier migrations failed`, { cause: error });
  return testDb;
}

/**
 * For the tests of one migration: each test's `migrateToJustBefore()` gives it a fresh database
 * brought up to the migration before `migration`, cleaned up after the test.
 */
export function databasesBeforeMigration(
  dialect: Dialect,
  migration: string,
): () => Promise<TestDatabase> {
  let made: TestDatabase | undefined;
  afterEach(async () => {
    const testDb = made;
    made = undefined;
    await testDb?.cleanup();
  });
  return async () => (made = await databaseBeforeMigration(dialect, migration));
}
