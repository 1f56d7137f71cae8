import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAs, careScenario, type CareScenario } from '../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../test/helper.ts';

const CLI = fileURLToPath(new URL('./audit-verify-cli.ts', import.meta.url));

/** `npm run audit:verify` in a process of its own, configured by environment as an operator's. */
function runCli(t: TestApp): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  };
  delete env.DATABASE_URL;
  if (t.database.kind === 'sqlite') {
    env.DATA_DIR = t.database.file.replace(/\/tend\.db$/, '');
  } else {
    const url = new URL(t.database.url);
    // The tests' tables live in a schema of their own, which an operator sets the same way.
    if (t.database.searchPath)
      url.searchParams.set('options', `-c search_path=${t.database.searchPath}`);
    env.DATABASE_URL = url.toString();
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe.each(testDialects())('npm run audit:verify on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    s = await careScenario(t);
    await callAs(t, s.linkedDoctor, 'GET', `/api/v1/trackmedications/${s.owner.id}`);
  });
  afterEach(() => t.close());

  it('says the log is whole and exits 0; names a broken link and exits 1', async () => {
    const whole = await runCli(t);
    expect(whole.stderr).toBe('');
    expect(whole.stdout).toMatch(
      /^The access log is whole: \d+ chains, \d+ events, every link checked\.\n$/,
    );
    expect(whole.code).toBe(0);

    const first = await t.db.kysely
      .selectFrom('audit_events')
      .select(['id', 'seq'])
      .where('chain_id', '=', s.owner.id)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    // Changed by hand, past the guard.
    if (dialect === 'postgres') {
      await sql`alter table audit_events disable trigger audit_events_kept`.execute(t.db.kysely);
      await sql`update audit_events set ip = '203.0.113.9' where id = ${first.id}`.execute(
        t.db.kysely,
      );
    } else {
      await sql`drop trigger audit_events_never_updated`.execute(t.db.kysely);
      await sql`update audit_events set ip = '203.0.113.9' where id = ${first.id}`.execute(
        t.db.kysely,
      );
    }
    const broken = await runCli(t);
    expect(broken.stdout.split('\n')).toEqual([
      `Broken: chain ${s.owner.id} at event 1 (id ${first.id}): was changed after it was written (its hash differs).`,
      expect.stringMatching(/^1 of \d+ chains, \d+ events: broken\.$/) as string,
      '',
    ]);
    expect(broken.code).toBe(1);
  });

  it('refuses arguments with exit code 2', async () => {
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [CLI, 'extra'], (error, _stdout, err) => {
        resolve({ code: error ? Number(error.code) : 0, stderr: err });
      });
    });
    expect(code).toBe(2);
    expect(stderr).toBe('usage: npm run audit:verify\n');
  });
});
