import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, testDatabaseUrl, type Config } from '../src/config.ts';
import { createDb, type Db, type Dialect } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it and fails if it is unreachable). */
export function testDialects(): Dialect[] {
  return testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** How many rows `table` holds now. */
export async function rowCount(db: Db, table: keyof Database): Promise<number> {
  const { n } = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A fresh, empty database of the same kind to restore into; PostgreSQL gets a whole new database. */
export async function emptyRestoreTarget(
  dialect: Db['dialect'],
  dir: string,
  searchPath: string | undefined,
): Promise<{ database: Config['database']; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    return {
      database: { kind: 'sqlite', file: path.join(dir, 'restored', 'tend.db') },
      drop: async () => {},
    };
  }
  const name = `tend_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl() ?? '');
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString(), ...(searchPath ? { searchPath } : {}) },
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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

// Every test on PostgreSQL gets a database of its own, cloned from one migrated template: running the
// twenty-odd migrations for each test took seconds, a clone takes a tenth of one. The template's name
// carries a fingerprint of the migration files, so a changed migration gets a new template. Tables
// live in schema `tend`, as an operator's would under a search path.
const TEST_SCHEMA = 'tend';
const TEMPLATE_LOCK = 740_203_118;

function migrationsFingerprint(): string {
  const dir = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort())
    hash.update(name).update(readFileSync(path.join(dir, name)));
  return hash.digest('hex').slice(0, 10);
}

function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl() ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

function baseDatabaseName(): string {
  return decodeURIComponent(new URL(testDatabaseUrl() ?? '').pathname.slice(1)).replace(
    /[^a-z0-9_]/gi,
    '_',
  );
}

let postgresTemplate: Promise<string> | undefined;
/** The migrated template database of this run, made once by whichever test process gets there first. */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdminClient(async (admin) => {
    const name = `${baseDatabaseName()}_tpl_${migrationsFingerprint()}`.toLowerCase();
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await admin.query<{ datistemplate: boolean }>(
        'select datistemplate from pg_database where datname = $1',
        [name],
      );
      // datistemplate is set only once migrating succeeded: anything else is a leftover to redo.
      if (rows[0]?.datistemplate) return name;
      if (rows[0]) await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const db = createDb({ kind: 'postgres', url: databaseUrl(name), searchPath: TEST_SCHEMA });
      try {
        await sql`create schema ${sql.id(TEST_SCHEMA)}`.execute(db.kysely);
        await migrateToLatest(db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return postgresTemplate;
}

let sqliteTemplate: Promise<string> | undefined;
/** A migrated SQLite file this test process copies for each test (closed, so its log is folded in). */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tend-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'tend.db');
    const db = createDb({ kind: 'sqlite', file });
    await migrateToLatest(db);
    await db.close();
    return file;
  })();
  return sqliteTemplate;
}

function newPostgresName(): string {
  return `${baseDatabaseName()}_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
}

async function createPostgres(template?: string): Promise<string> {
  const name = newPostgresName();
  await withAdminClient((c) =>
    c.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return name;
}

// Making a PostgreSQL database from the template takes about 0.4 s and dropping one 0.2 s, spent
// waiting on the server's disk: most of a short test's time. So the next test's database is made
// while this one runs, and a finished test's is dropped while the next one runs. Both are settled
// when the test file ends (afterAll below), so no database outlives its file.
let spareMigrated: Promise<string> | undefined;
const drops = new Set<Promise<unknown>>();

function makeSpare(): Promise<string> {
  const spare = migratedPostgresTemplate().then((template) => createPostgres(template));
  // A failure is reported to the test that takes this database, not as an unhandled rejection.
  spare.catch(() => {});
  return spare;
}

function takeMigratedPostgres(): Promise<string> {
  const taken = spareMigrated ?? makeSpare();
  spareMigrated = makeSpare();
  return taken;
}

function dropLater(name: string): void {
  const drop = withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
  drops.add(drop);
  void drop.finally(() => drops.delete(drop)).catch(() => {});
}

afterAll(async () => {
  const spare = spareMigrated;
  spareMigrated = undefined;
  const name = await spare?.catch(() => undefined);
  if (name) dropLater(name);
  // A drop that failed fails the file: a database left behind would be a leak on the CI server.
  await Promise.all([...drops]);
});

/**
 * A test's first connection to its new database, tried again a few times: on a loaded CI machine
 * (load 20 on two cores) opening a PostgreSQL connection has taken longer than the app's 3 s wait.
 * The tests are about Tend, not the machine; Tend's own waits are tested on their own.
 */
async function firstConnection(connect: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await connect();
      return;
    } catch (error) {
      if (attempt >= 4 || !/connection timeout|terminated unexpectedly/i.test(String(error))) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** A fresh database: a temporary SQLite file, or a throwaway PostgreSQL database; migrated unless told not. */
export async function createTestDatabase(
  dialect: Dialect,
  { migrate = true } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-test-'));
  let database: Config['database'];
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const name = migrate ? await takeMigratedPostgres() : await createPostgres();
    database = { kind: 'postgres', url: databaseUrl(name), searchPath: TEST_SCHEMA };
    dropDatabase = async () => dropLater(name);
  } else {
    database = { kind: 'sqlite', file: path.join(dataDir, 'tend.db') };
    if (migrate) copyFileSync(await migratedSqliteTemplate(), database.file);
  }
  const db = createDb(database);
  // Connected before it is handed out (Kysely connects lazily, and closing a Kysely that never
  // connected does nothing, which a test closing the database to see an outage would not expect).
  await firstConnection(async () => {
    if (dialect === 'postgres' && !migrate) {
      await sql`create schema if not exists ${sql.id(TEST_SCHEMA)}`.execute(db.kysely);
    } else {
      await db.check();
    }
  });
  return {
    db,
    database,
    dataDir,
    async cleanup() {
      await db.close();
      await dropDatabase();
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
  /** The settings of that database, for a second connection or instance. */
  database: Config['database'];
  /** Everything the server logged, one JSON line per entry. */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'clock' | 'moreSignedInRoutes'> & {
    /** What the app is given in place of the test database (e.g. with a stubbed change stamp). */
    dbForApp?: (db: Db) => Db;
  } = {},
): Promise<TestApp> {
  const { dbForApp = (db: Db) => db, ...buildOptions } = options;
  const testDb = await createTestDatabase(dialect);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = testConfig(testDb.dataDir, testDb.database, { LOG_LEVEL: 'info', ...env });
  let app: App;
  try {
    app = await buildApp({ config, db: dbForApp(testDb.db), logStream: stream, ...buildOptions });
    await app.ready();
  } catch (error) {
    await testDb.cleanup();
    throw error;
  }
  return {
    app,
    db: testDb.db,
    database: testDb.database,
    logs,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
