import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { adaptNodeSqlite } from './sqlite-adapter.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/**
 * PostgreSQL hands out instants as ISO strings, like SQLite, so the repo layer sees one shape.
 * Counts (int8) become numbers: no table here will hold 2^53 rows.
 */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
      if (oid === INT8_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  database.exec(
    'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;',
  );
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
  });
}

function openPostgres(url: string, searchPath?: string): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes(),
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function createDb(database: Config['database']): Db {
  const dialect: Dialect = database.kind;
  const kysely =
    database.kind === 'sqlite'
      ? openSqlite(database.file)
      : openPostgres(database.url, database.searchPath);
  return {
    kysely,
    dialect,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
}
