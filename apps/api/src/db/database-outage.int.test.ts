import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testDatabaseUrl } from '../config.ts';
import { createAccount, bearer, type TestAccount } from '../../test/accounts.ts';
import {
  createTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../test/helper.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { createDb } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { describeDatabase, waitForDatabase } from './wait-for-database.ts';

const RECOVERY_DEADLINE_MS = 5000;
const POLL_MS = 50;

const medication = {
  name: 'Outage test medication',
  dosage: '5 mg',
  note: null,
  startdate: '2026-01-01',
  enddate: null,
  timefrequency: 'day',
};

/** Calls `request` until it answers `expected` or the deadline passes; returns every status seen. */
async function pollUntil(request: () => Promise<number>, expected: number): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + RECOVERY_DEADLINE_MS;
  while (Date.now() < deadline) {
    const status = await request();
    seen.push(status);
    if (status === expected) return seen;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no ${expected} within ${RECOVERY_DEADLINE_MS} ms; saw ${seen.join(', ')}`);
}

function withHost(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * The app on PostgreSQL with its own pool (named, and optionally through a proxy), its server log
 * and the pool's connection log collected, on a fresh migrated schema.
 */
async function appOnPostgres(options: { port?: number; applicationName: string }) {
  const schema: TestDatabase = await createTestDatabase('postgres');
  if (schema.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const url = options.port ? withHost(schema.database.url, options.port) : schema.database.url;
  const poolLog: string[] = [];
  const db = createDb(
    { ...schema.database, url },
    {
      applicationName: options.applicationName,
      log: { warn: (details, message) => poolLog.push(JSON.stringify({ details, message })) },
    },
  );
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = testConfig(schema.dataDir, schema.database, { LOG_LEVEL: 'info' });
  const app = await buildApp({ config, db, logStream: stream });
  await app.ready();
  const t: TestApp = {
    app,
    db,
    database: { ...schema.database, url },
    logs,
    async close() {
      await app.close();
      await db.close();
      await schema.cleanup();
    },
  };
  return { t, poolLog };
}

describe.runIf(testDatabaseUrl())('PostgreSQL going away and coming back', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let poolLog: string[];
  let patient: TestAccount;

  const listMedications = () =>
    t.app.inject({ method: 'GET', url: '/api/v1/medications', headers: bearer(patient) });
  const addMedication = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/medications',
      headers: bearer(patient),
      payload: medication,
    });
  const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health' });

  beforeEach(async () => {
    const target = new URL(testDatabaseUrl() ?? '');
    proxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    ({ t, poolLog } = await appOnPostgres({
      port: proxy.port,
      applicationName: `tend-outage-${randomUUID()}`,
    }));
    patient = await createAccount(t, 'patient');
  });
  afterEach(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  it('answers 503 in words with Retry-After while cut off, then serves again by itself', async () => {
    expect((await addMedication()).statusCode).toBe(201);
    await proxy.cut();

    for (const res of [await listMedications(), await addMedication()]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        error: {
          code: 'database_unavailable',
          message: expect.stringMatching(/cannot reach its database.*try again/),
        },
      });
    }
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    expect(down.json().message).toMatch(/cannot reach its database/);

    // The process is still serving what needs no database.
    const policy = await t.app.inject({ method: 'GET', url: '/api/v1/auth/password-policy' });
    expect(policy.statusCode).toBe(200);

    await proxy.restore();
    const statuses = await pollUntil(async () => (await health()).statusCode, 200);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect((await listMedications()).statusCode).toBe(200);

    // The write refused during the outage left nothing behind: one medication, not two.
    const list = await listMedications();
    expect(list.json().medications).toHaveLength(1);
    expect((await addMedication()).statusCode).toBe(201);
  });

  it('logs lost connections and refusals without personal data', async () => {
    await listMedications();
    await proxy.cut();
    await listMedications();
    await proxy.restore();

    expect(poolLog.some((line) => line.includes('lost a PostgreSQL connection'))).toBe(true);
    const warnings = t.logs.filter((line) => line.includes('database unavailable; answered 503'));
    expect(warnings).toHaveLength(1);
    for (const line of [...poolLog, ...t.logs]) {
      expect(line).not.toContain(patient.email);
      expect(line).not.toContain(patient.accessToken);
      expect(line).not.toContain(patient.password);
    }
  });
});

describe.runIf(testDatabaseUrl())('PostgreSQL ending the app’s connections', () => {
  let t: TestApp;
  let applicationName: string;

  beforeEach(async () => {
    applicationName = `tend-terminate-${randomUUID()}`;
    ({ t } = await appOnPostgres({ applicationName }));
  });
  afterEach(() => t.close());

  async function terminateAppConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      const result = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and pid <> pg_backend_pid()`,
        [applicationName],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('keeps serving after pg_terminate_backend of every pooled connection', async () => {
    const patient = await createAccount(t, 'patient');
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/medications', headers: bearer(patient) });
    // Several requests at once, so the pool holds several idle connections to lose.
    const warm = await Promise.all(Array.from({ length: 5 }, list));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    for (let round = 0; round < 3; round++) {
      expect(await terminateAppConnections()).toBeGreaterThan(0);
      const statuses = await pollUntil(async () => (await list()).statusCode, 200);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    }
    const after = await Promise.all(Array.from({ length: 5 }, list));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe.runIf(testDatabaseUrl())('start-up before PostgreSQL is reachable', () => {
  let proxy: TcpProxy;
  let schema: TestDatabase;
  beforeEach(async () => {
    const target = new URL(testDatabaseUrl() ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    schema = await createTestDatabase('postgres', { migrate: false });
  });
  afterEach(async () => {
    await proxy.close();
    await schema.cleanup();
  });

  it('waits, saying so once per attempt, then migrates when the database answers', async () => {
    if (schema.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const database = { ...schema.database, url: withHost(schema.database.url, proxy.port) };
    const db = createDb(database);
    await proxy.cut();
    const lines: string[] = [];
    try {
      const attempts = await waitForDatabase({
        check: async () => {
          await migrateToLatest(db);
        },
        location: describeDatabase(database),
        log: (line) => lines.push(line),
        // The database "comes back" during the second pause; no real time passes.
        sleep: async () => {
          if (lines.length === 2) await proxy.restore();
        },
      });
      expect(attempts).toBe(3);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        new RegExp(
          `^waiting for the database at 127\\.0\\.0\\.1:${proxy.port}/\\w+ \\(attempt 1: connection refused\\)`,
        ),
      );
      const rows = await db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute();
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});
