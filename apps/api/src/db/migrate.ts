import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {}

export async function migrateToLatest(db: Db): Promise<MigrationResult[]> {
  const provider = {
    getMigrations(): Promise<Record<string, Migration>> {
      const bound: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(migrations)) {
        bound[name] = { up: (kysely) => migration.up(kysely, db.dialect) };
      }
      return Promise.resolve(bound);
    },
  };
  // Kysely looks for its bookkeeping tables in every schema unless told which one: another Tend (or a
  // parallel test) migrated in a neighbouring schema would make this one skip creating its own.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      {
        cause: error,
      },
    );
  }
  return results;
}
