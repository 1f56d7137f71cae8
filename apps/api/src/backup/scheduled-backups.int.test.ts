import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/helper.ts';
import { createAccount } from '../../test/accounts.ts';

const HOUR = 60 * 60_000;

describe.each(testDialects())('scheduled backups on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let now: Date;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tend-scheduled-'));
    now = new Date('2027-01-10T10:30:00.000Z');
    t = await createTestApp(
      dialect,
      { BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_INTERVAL_HOURS: '6' },
      { clock: () => now },
    );
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json<{
      backup: { lastat: string | null; lastsize: number | null };
    }>().backup;

  it('backs up once per slot, keeps the newest BACKUP_KEEP files, and tells /health when and how big', async () => {
    await createAccount(t);
    expect(await health()).toEqual({ lastat: null, lastsize: null });
    // Nothing is due before the first slot (12:00).
    expect(await t.app.jobs.runDue()).toBe(0);

    const written: string[] = [];
    for (const at of ['2027-01-10T12:00:05Z', '2027-01-10T18:00:05Z', '2027-01-11T00:00:05Z']) {
      now = new Date(at);
      expect(await t.app.jobs.runDue()).toBe(1);
      written.push(...readdirSync(dir).filter((f) => !written.includes(f)));
      const status = await health();
      expect(status.lastat).toBe(now.toISOString());
      expect(status.lastsize).toBeGreaterThan(0);
    }
    const extension = dialect === 'sqlite' ? 'sqlite' : 'pgdump';
    expect(written).toEqual([
      `tend-20270110-120000.${extension}`,
      `tend-20270110-180000.${extension}`,
      `tend-20270111-000000.${extension}`,
    ]);
    // Two kept: the oldest is gone from the folder and from the record.
    expect(readdirSync(dir).sort()).toEqual(written.slice(1));
    const rows = await t.db.kysely.selectFrom('backups').select('file').orderBy('file').execute();
    expect(rows.map((r) => r.file)).toEqual(written.slice(1));
    // The next slot is planned once, however often it is asked for.
    now = new Date(now.getTime() + HOUR);
    expect(await t.app.jobs.runDue()).toBe(0);
  });
});
