import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { bearer, createAccount, type TestAccount } from '../../test/accounts.ts';
import {
  createTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../test/helper.ts';
import { createDb, type Db } from './database.ts';

const SYNCHRONOUS_NORMAL = 1;
const SYNCHRONOUS_FULL = 2;

async function pragma(db: Db, name: 'synchronous' | 'journal_mode'): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(
    db.kysely,
  );
  return rows[0]?.[name];
}

function sqliteFile(database: TestDatabase['database']): string {
  if (database.kind !== 'sqlite') throw new Error('expected SQLite');
  return database.file;
}

describe('SQLite durability settings', () => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await createTestDatabase('sqlite');
  });
  afterEach(() => testDb.cleanup());

  it('syncs every commit of the write-ahead log (synchronous = FULL) by default', async () => {
    expect(await pragma(testDb.db, 'journal_mode')).toBe('wal');
    expect(await pragma(testDb.db, 'synchronous')).toBe(SYNCHRONOUS_FULL);
  });

  it('runs NORMAL only when SQLITE_SYNCHRONOUS=normal asks for it', async () => {
    const env = { DATA_DIR: testDb.dataDir, TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).database).toMatchObject({ kind: 'sqlite', synchronous: 'full' });
    const config = loadConfig({ ...env, SQLITE_SYNCHRONOUS: 'normal' });
    expect(config.database).toMatchObject({ kind: 'sqlite', synchronous: 'normal' });
    expect(() => loadConfig({ ...env, SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      'Invalid configuration: SQLITE_SYNCHRONOUS must be full or normal.',
    );

    const normal = createDb({
      kind: 'sqlite',
      file: sqliteFile(testDb.database),
      synchronous: 'normal',
    });
    try {
      expect(await pragma(normal, 'synchronous')).toBe(SYNCHRONOUS_NORMAL);
    } finally {
      await normal.close();
    }
  });
});

describe('SQLite locked by another process', () => {
  let testDb: TestDatabase;
  let t: TestApp;
  let patient: TestAccount;
  let locker: DatabaseSync;

  beforeEach(async () => {
    testDb = await createTestDatabase('sqlite');
    // A short busy timeout, so the test sees SQLITE_BUSY without waiting the production 5 s.
    const db = createDb(testDb.database, { sqliteBusyTimeoutMs: 20 });
    const app = await buildApp({ config: testConfig(testDb.dataDir, testDb.database), db });
    await app.ready();
    t = {
      app,
      db,
      database: testDb.database,
      logs: [],
      async close() {
        await app.close();
        await db.close();
      },
    };
    patient = await createAccount(t, 'patient');
    locker = new DatabaseSync(sqliteFile(testDb.database));
  });
  afterEach(async () => {
    if (locker.isTransaction) locker.exec('ROLLBACK');
    locker.close();
    await t.close();
    await testDb.cleanup();
  });

  const addMedication = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/medications',
      headers: bearer(patient),
      payload: {
        name: 'Locked-out medication',
        dosage: '1 tablet',
        note: null,
        startdate: '2026-01-01',
        enddate: null,
        timefrequency: 'night',
      },
    });

  it('answers a write 503 in words while the file is locked, and writes once it is free', async () => {
    locker.exec('BEGIN IMMEDIATE');
    const refused = await addMedication();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: expect.stringMatching(/database is busy.*Nothing was changed/),
      },
    });
    locker.exec('ROLLBACK');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/medications',
      headers: bearer(patient),
    });
    expect(list.json().medications).toHaveLength(0);
    expect((await addMedication()).statusCode).toBe(201);
  });
});
