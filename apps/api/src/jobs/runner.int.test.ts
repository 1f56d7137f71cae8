import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/database.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/helper.ts';
import { cancelJobs, enqueueJob, planJob } from './enqueue.ts';
import { createJobRunner, type JobHandler, type JobRunnerOptions } from './runner.ts';

const quiet = { warn: () => {}, info: () => {} };
const T0 = new Date('2027-03-01T09:00:00.000Z');

describe.each(testDialects())('job runner on %s', (dialect) => {
  let t: TestDatabase;
  let now: Date;
  const clock = () => now;
  const runner = (options: Partial<JobRunnerOptions> = {}, db: Db = t.db) =>
    createJobRunner({ db, log: quiet, clock, pollMs: 0, ...options });
  const jobs = () => t.db.kysely.selectFrom('jobs').selectAll().orderBy('key').execute();
  const enqueue = (key: string, runAt: Date, payload: object = {}, kind = 'test') =>
    t.db.kysely.transaction().execute((trx) => enqueueJob(trx, { key, kind, runAt, payload }));

  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    now = T0;
  });
  afterEach(() => t.cleanup());

  it('runs a job once when it is due, and the same key enqueued again is a no-op', async () => {
    const seen: unknown[] = [];
    const r = runner();
    r.register('test', { run: async (payload) => void seen.push(payload) });
    expect(await enqueue('a', new Date(T0.getTime() + 60_000), { n: 1 })).toBe(true);
    expect(await enqueue('a', T0, { n: 2 })).toBe(false);
    expect(await r.runDue()).toBe(0);
    now = new Date(T0.getTime() + 60_000);
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobs())[0]).toMatchObject({ state: 'done', attempts: 1, locked_by: null });
    expect(await enqueue('a', T0)).toBe(false); // finished jobs keep their key
  });

  it('moves a pending job to a new time, leaves a finished one alone, and cancels pending ones', async () => {
    const r = runner();
    const ran: string[] = [];
    r.register('test', { run: async (_p, job) => void ran.push(job.key) });
    await enqueue('done', T0);
    await r.runDue();
    await t.db.kysely.transaction().execute(async (trx) => {
      await planJob(trx, { key: 'done', kind: 'test', runAt: T0, payload: {} });
      await planJob(trx, {
        key: 'moved',
        kind: 'test',
        runAt: new Date(T0.getTime() + 1000),
        payload: {},
      });
      await planJob(trx, { key: 'moved', kind: 'test', runAt: T0, payload: { v: 2 } });
      await planJob(trx, { key: 'gone', kind: 'test', runAt: T0, payload: {} });
      await cancelJobs(trx, ['gone']);
    });
    await r.runDue();
    expect(ran).toEqual(['done', 'moved']);
    expect((await jobs()).map((j) => [j.key, j.state, j.payload])).toEqual([
      ['done', 'done', '{}'],
      ['moved', 'done', '{"v":2}'],
    ]);
  });

  it('retries a failing job with back-off, keeps no error message, and gives up after its attempts', async () => {
    const r = runner();
    let calls = 0;
    r.register('test', {
      maxAttempts: 2,
      run: async () => {
        calls += 1;
        throw Object.assign(new Error('550 mailbox zoe@example.org unknown'), {
          code: 'EENVELOPE',
        });
      },
    });
    await enqueue('flaky', T0);
    await r.runDue();
    let [job] = await jobs();
    expect(job).toMatchObject({ state: 'pending', attempts: 1, last_error: 'Error:EENVELOPE' });
    expect(new Date(job!.run_at).getTime()).toBe(T0.getTime() + 30_000);
    expect(await r.runDue()).toBe(0); // not before the back-off
    now = new Date(T0.getTime() + 30_000);
    await r.runDue();
    [job] = await jobs();
    expect(job).toMatchObject({ state: 'failed', attempts: 2 });
    expect(calls).toBe(2);
    expect(JSON.stringify(await jobs())).not.toContain('zoe@example.org');
  });

  it('after a restart runs a job that fell due meanwhile once, and drops one too stale for its kind', async () => {
    const before = runner();
    const handler = (seen: string[]): JobHandler => ({
      staleAfterMs: 60 * 60 * 1000,
      run: async (_p, job) => void seen.push(job.key),
    });
    before.register('reminder', handler([]));
    await enqueue('fresh', new Date(T0.getTime() + 10 * 60_000), {}, 'reminder');
    await enqueue('stale', new Date(T0.getTime() - 60_000), {}, 'reminder');
    await before.stop();
    // Tend was down for 70 minutes; a new process comes up.
    now = new Date(T0.getTime() + 70 * 60_000);
    const seen: string[] = [];
    const after = runner();
    after.register('reminder', handler(seen));
    await after.runDue();
    await after.runDue();
    expect(seen).toEqual(['fresh']);
    expect((await jobs()).map((j) => [j.key, j.state])).toEqual([
      ['fresh', 'done'],
      ['stale', 'dropped'],
    ]);
  });

  it('takes over a job whose instance died holding it, once its lease ran out, and commits its effects once', async () => {
    const dying = runner({ leaseMs: 60_000 });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    dying.register('test', {
      run: async (_p, job) => {
        await blocked;
        await job.complete(async (trx) => {
          await trx
            .insertInto('server_keys')
            .values({ name: 'late', value: 'x', created_at: T0.toISOString() })
            .execute();
        });
      },
    });
    await enqueue('held', T0);
    const stuck = dying.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = new Date(T0.getTime() + 61_000);
    const other = runner({ leaseMs: 60_000 });
    other.register('test', {
      run: async (_p, job) => {
        await job.complete(async (trx) => {
          await trx
            .insertInto('server_keys')
            .values({ name: 'taken-over', value: 'x', created_at: T0.toISOString() })
            .execute();
        });
      },
    });
    expect(await other.runDue()).toBe(1);
    release();
    await stuck;
    const effects = await t.db.kysely.selectFrom('server_keys').select('name').execute();
    expect(effects.map((e) => e.name)).toEqual(['taken-over']);
    expect((await jobs())[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('two runners on one database run each of 100 jobs due at one instant exactly once', async () => {
    const second = createDb(t.database);
    try {
      const counts = new Map<string, number>();
      const handler: JobHandler = {
        run: async (_p, job) => {
          await job.complete(async (trx) => {
            await trx.selectFrom('jobs').select('id').where('key', '=', job.key).execute();
            counts.set(job.key, (counts.get(job.key) ?? 0) + 1);
          });
        },
      };
      const a = runner();
      const b = runner({}, second);
      a.register('test', handler);
      b.register('test', handler);
      await t.db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i += 1) {
          await enqueueJob(trx, {
            key: `k${String(i).padStart(3, '0')}`,
            kind: 'test',
            runAt: T0,
            payload: {},
          });
        }
      });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(100);
      expect(counts.size).toBe(100);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      if (dialect === 'postgres') expect(Math.min(ranA, ranB)).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('deletes finished jobs after the keeping time, not pending ones', async () => {
    const r = runner({ keepFinishedMs: 60_000 });
    r.register('test', { run: async () => {} });
    await enqueue('old', T0);
    await r.runDue();
    await enqueue('later', new Date(T0.getTime() + 10 * 60 * 60_000));
    now = new Date(T0.getTime() + 2 * 60 * 60_000);
    await r.runDue();
    expect((await jobs()).map((j) => j.key)).toEqual(['later']);
  });
});

describe('job runner without a database', () => {
  it('keeps polling, says so once per outage, and stops cleanly', async () => {
    const away = createDb({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const logged: string[] = [];
    const r = createJobRunner({
      db: away,
      log: { warn: (_d, m) => logged.push(m), info: (_d, m) => logged.push(m) },
      pollMs: 5,
    });
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await r.stop();
    await away.close();
    expect(logged).toEqual(['jobs: the database is unavailable; waiting']);
  });
});
