import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { emptyRestoreTarget, testDialects } from '../../test/helper.ts';
import { FIRST_SLOT, appointmentScenario, type Scenario } from '../../test/appointment-scenario.ts';
import { multipartBody, png } from '../../test/upload-files.ts';
import { BackupError } from './backup-file.ts';
import { restoreBackup, writeBackup } from './backup.ts';

const TOOLS = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

/** Every table's rows in a stable order, bytes as base64, so two databases compare row by row. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables =
    db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          db.kysely,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          db.kysely,
        );
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      db.kysely,
    );
    result[name] = rows.rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) =>
          value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
        ),
      )
      .sort();
  }
  return result;
}

async function populate(s: Scenario) {
  const ok = async (res: Awaited<ReturnType<Scenario['call']>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ _id: string }>();
  };
  const medication = await ok(
    await s.call(s.patient, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      description: 'Take with food',
      dosage: '500 mg',
      note: 'Morning',
      startdate: '2027-03-01',
      enddate: '2027-12-31',
      timefrequency: 'day',
    }),
    201,
  );
  await ok(
    await s.call(s.patient, 'PUT', `/api/v1/medications/${medication._id}/doses/2027-03-20`, {
      taken: true,
    }),
    200,
  );
  const visit = await s.book(FIRST_SLOT);
  await ok(await s.call(s.doctor, 'POST', `/api/v1/appointments/${visit._id}/accept`), 200);
  const body = multipartBody(
    { title: 'Chest X-ray' },
    { filename: 'x-ray.png', contentType: 'image/png', data: await png(64, 64) },
  );
  const report = await s.t.app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${s.patient.accessToken}` },
  });
  expect(report.statusCode, report.body).toBe(201);
}

describe.each(testDialects())('backup and restore on %s', (dialect) => {
  let s: Scenario;
  let dir: string;
  let source: Config['database'];

  beforeEach(async () => {
    s = await appointmentScenario(dialect);
    dir = mkdtempSync(path.join(tmpdir(), 'tend-backup-'));
    // The backup reads the database the running test app writes to.
    source = s.t.database;
  });
  afterEach(async () => {
    await s.t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a populated database while Tend runs, and restores it row for row into an empty one', async () => {
    await populate(s);
    const file = path.join(dir, 'tend.backup');
    const { size } = await writeBackup({ database: source, backup: TOOLS }, file);
    expect(size).toBeGreaterThan(0);
    // One self-contained file: no journal or temporary file left beside it.
    expect(readdirSync(dir)).toEqual(['tend.backup']);
    // Tend is still running and writing: the backup was a copy, not a pause.
    expect((await s.call(s.patient, 'GET', '/api/v1/medications')).statusCode).toBe(200);

    const searchPath = source.kind === 'postgres' ? source.searchPath : undefined;
    const target = await emptyRestoreTarget(dialect, dir, searchPath);
    try {
      await restoreBackup({ database: target.database, backup: TOOLS }, file);
      const restored = createDb(target.database);
      try {
        const before = await snapshot(s.t.db);
        const after = await snapshot(restored);
        for (const table of [
          'users',
          'medications',
          'doses',
          'appointments',
          'reports',
          'file_chunks',
        ]) {
          expect(before[table]?.length, table).toBeGreaterThan(0);
        }
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
        for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      } finally {
        await restored.close();
      }
      // The restored database is no longer empty: a second restore into it is refused in words.
      await expect(
        restoreBackup({ database: target.database, backup: TOOLS }, file),
      ).rejects.toThrow(/^Refusing to restore: the database .* is not empty/);
    } finally {
      await target.drop();
    }
  }, 90_000); // pg_dump and pg_restore of a whole populated database, on a busy machine

  it('refuses to restore into the running, non-empty database and changes nothing', async () => {
    await populate(s);
    const file = path.join(dir, 'tend.backup');
    await writeBackup({ database: source, backup: TOOLS }, file);
    const before = await snapshot(s.t.db);
    const refusal = restoreBackup({ database: source, backup: TOOLS }, file);
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(/is not empty \(it has \d+ tables\)/);
    expect(await snapshot(s.t.db)).toEqual(before);
  });

  it('never overwrites a file, and leaves no half-written file when it fails', async () => {
    const taken = path.join(dir, 'taken.backup');
    writeFileSync(taken, 'an earlier backup');
    await expect(writeBackup({ database: source, backup: TOOLS }, taken)).rejects.toThrow(
      /already exists\. Choose a new file name/,
    );
    await expect(
      writeBackup({ database: source, backup: TOOLS }, path.join(dir, 'missing', 'x.backup')),
    ).rejects.toThrow(/The folder .*missing does not exist\./);
    if (source.kind === 'postgres') {
      const broken = path.join(dir, 'broken.backup');
      await expect(
        writeBackup(
          { database: source, backup: { ...TOOLS, pgDump: '/nonexistent/pg_dump' } },
          broken,
        ),
      ).rejects.toThrow(/was not found\. Install PostgreSQL's client programs .* or set PG_DUMP/);
      expect(existsSync(broken)).toBe(false);
    }
  });

  it('refuses a file that is not a Tend backup, in words', async () => {
    const notBackup = path.join(dir, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    const target = await emptyRestoreTarget(dialect, dir, undefined);
    try {
      await expect(
        restoreBackup({ database: target.database, backup: TOOLS }, notBackup),
      ).rejects.toThrow(
        /is not a Tend backup: it is neither a SQLite database nor a pg_dump custom-format file/,
      );
      await expect(
        restoreBackup({ database: target.database, backup: TOOLS }, path.join(dir, 'nothing')),
      ).rejects.toThrow(/^There is no file at /);
    } finally {
      await target.drop();
    }
  });
});
