import type pg from 'pg';
import { loadPg } from '../lib/load-pg.ts';
import type { Config } from '../config.ts';
import { BackupError } from './backup-file.ts';
import { assertKnownMigrations } from './migration-check.ts';
import { connectionFor, runPgTool } from './pg-tools.ts';

type PgDatabase = Extract<Config['database'], { kind: 'postgres' }>;
export interface PgTools {
  pgDump: string;
  pgRestore: string;
}

/**
 * pg_dump reads in one repeatable-read transaction, so the copy is one moment of the database while
 * Tend keeps writing. A database with a search path (the test suite's schemas) is dumped as that schema.
 */
export async function backupPostgres(
  database: PgDatabase,
  destination: string,
  tools: PgTools,
): Promise<void> {
  const { dbname, env } = connectionFor(database.url);
  const args = ['--format=custom', '--no-owner', `--file=${destination}`, `--dbname=${dbname}`];
  if (database.searchPath) args.push(`--schema=${database.searchPath}`);
  await runPgTool(tools.pgDump, args, env, 'PG_DUMP');
}

async function withClient<T>(
  database: PgDatabase,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new (loadPg().Client)({ connectionString: database.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Tables anywhere but PostgreSQL's own schemas: an empty database has none. */
async function userTableCount(database: PgDatabase): Promise<number> {
  return withClient(database, async (client) => {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from pg_catalog.pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg_toast%'`,
    );
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** Restores into an empty database in one transaction: it either all arrives or none of it does. */
export async function restorePostgres(
  backupFile: string,
  database: PgDatabase,
  tools: PgTools,
): Promise<void> {
  const tables = await userTableCount(database);
  if (tables > 0) {
    throw new BackupError(
      `Refusing to restore: the database at DATABASE_URL is not empty (it has ${tables} tables). Restore only into an empty database: create a new one and point DATABASE_URL at it.`,
    );
  }
  const { dbname, env } = connectionFor(database.url);
  await runPgTool(
    tools.pgRestore,
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      backupFile,
    ],
    env,
    'PG_RESTORE',
  );
  const names = await withClient(database, async (client) => {
    const schema = database.searchPath ? `${database.searchPath}.` : '';
    const result = await client.query<{ name: string }>(
      `select name from ${schema}kysely_migration`,
    );
    return result.rows.map((r) => r.name);
  }).catch(() => {
    throw new BackupError(`${backupFile} was restored but holds no Tend database.`);
  });
  assertKnownMigrations(names);
}
