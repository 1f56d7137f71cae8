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
  const migrator = new Migrator({ db: db.kysely, provider });
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
