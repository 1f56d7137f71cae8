import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, testDatabaseUrl, type Config } from '../src/config.ts';
import { createDb, type Db, type Dialect } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it and fails if it is unreachable). */
export function testDialects(): Dialect[] {
  return testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  db: Db;
  database: Config['database'];
  dataDir: string;
  cleanup(): Promise<void>;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Kysely's migrator lists the tables of every schema, and that listing fails when a parallel test drops
// its schema at the same moment ("schema … does not exist"). One advisory lock, shared by every test
// process on the database, keeps migrating and dropping test schemas apart.
const SCHEMA_LOCK = 740_203_117;

function withSchemaLock<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdminClient(async (client) => {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  });
}

/** A fresh, migrated database: a temporary SQLite file, or a throwaway PostgreSQL schema. */
export async function createTestDatabase(
  dialect: Dialect,
  { migrate = true } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-test-'));
  let database: Config['database'];
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withAdminClient((c) => c.query(`create schema ${schema}`));
    database = { kind: 'postgres', url: testDatabaseUrl() ?? '', searchPath: schema };
    dropSchema = () =>
      withSchemaLock((c) => c.query(`drop schema ${schema} cascade`)).then(() => undefined);
  } else {
    database = { kind: 'sqlite', file: path.join(dataDir, 'tend.db') };
  }
  const db = createDb(database);
  if (migrate && dialect === 'postgres') await withSchemaLock(() => migrateToLatest(db));
  else if (migrate) await migrateToLatest(db);
  return {
    db,
    database,
    dataDir,
    async cleanup() {
      await db.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(
  dataDir: string,
  database: Config['database'],
  env: Record<string, string> = {},
): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
  return { ...config, database };
}

export interface TestApp {
  app: App;
  db: Db;
  /** Everything the server logged, one JSON line per entry. */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = testConfig(testDb.dataDir, testDb.database, { LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ config, db: testDb.db, logStream: stream, ...options });
  await app.ready();
  return {
    app,
    db: testDb.db,
    logs,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
