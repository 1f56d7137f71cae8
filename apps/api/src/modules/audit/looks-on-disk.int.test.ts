import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAs, careScenario, signIn, type CareScenario } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { LOG_NOT_ON_DISK_MESSAGE } from '../../lib/database-unavailable.ts';

// DESIGN "Audit and gates", decision 046: the record of a look, and of a failed sign-in, is on disk
// before the answer it records leaves. On SQLite its group commits at NORMAL and the log is synced
// on the thread pool; here that sync is held, then failed, through Db.interceptLogSync.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Gate {
  started(): number;
  whenStarted(n: number): Promise<void>;
  /** Lets the oldest held sync run, or fail with `error`. */
  release(error?: Error): void;
}

function holdLogSyncs(t: TestApp): Gate {
  const waiting: ((error?: Error) => void)[] = [];
  let started = 0;
  if (!t.db.interceptLogSync) throw new Error('this database has no log sync to hold');
  t.db.interceptLogSync(async (sync) => {
    started += 1;
    const failure = await new Promise<Error | undefined>((resolve) => waiting.push(resolve));
    if (failure) throw failure;
    await sync();
  });
  return {
    started: () => started,
    async whenStarted(n) {
      for (let i = 0; i < 300 && started < n; i++) await sleep(10);
      expect(started).toBe(n);
    },
    release(error) {
      const next = waiting.shift();
      if (!next) throw new Error('no sync is held');
      next(error);
    },
  };
}

/** Whether a promise has settled after a moment of waiting. */
async function settledSoon(promise: Promise<unknown>, ms = 200): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await sleep(ms);
  return done;
}

const diskError = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

describe('a look is on disk before the data leaves (SQLite)', () => {
  let t: TestApp;
  let s: CareScenario;
  let patientLastname: string;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    s = await careScenario(t);
    const added = await callAs(t, s.owner, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      dosage: '500 mg',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    expect(added.statusCode).toBe(201);
    const me = await callAs(t, s.owner, 'GET', '/api/v1/me');
    patientLastname = me.json<{ lastname: string }>().lastname;
  });
  afterEach(async () => {
    t.db.interceptLogSync?.(undefined);
    await t.close();
  });

  const look = () => callAs(t, s.linkedDoctor, 'GET', `/api/v1/trackmedications/${s.owner.id}`);
  const viewed = async () =>
    (
      await t.db.kysely
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'medications.viewed')
        .where('actor_id', '=', s.linkedDoctor.id)
        .execute()
    ).length;

  it('answers a doctor’s look only once the sync of its record is done', async () => {
    const gate = holdLogSyncs(t);
    const answer = look();
    await gate.whenStarted(1);
    // The record is committed, the server goes on serving, but the data has not left.
    expect(await viewed()).toBe(1);
    expect((await callAs(t, s.owner, 'GET', '/api/v1/me')).statusCode).toBe(200);
    expect(await settledSoon(answer)).toBe(false);
    gate.release();
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Metformin');
  });

  it('answers 503 in words, without the patient’s data, when the sync of the look fails', async () => {
    const gate = holdLogSyncs(t);
    const answer = look();
    await gate.whenStarted(1);
    gate.release(diskError());
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: { code: 'database_unavailable', message: LOG_NOT_ON_DISK_MESSAGE },
    });
    for (const personal of ['Metformin', patientLastname, s.owner.email]) {
      expect(res.body).not.toContain(personal);
      expect(t.logs.join('\n')).not.toContain(personal);
    }
    // The request's address names the patient's id in the log, as for every request; not the body.
    expect(res.body).not.toContain(s.owner.id);
    expect(t.logs.join('\n')).toContain('database unavailable; answered 503');
    // In the person's language too.
    const again = holdLogSyncs(t);
    const spanish = t.app.inject({
      method: 'GET',
      url: `/api/v1/trackmedications/${s.owner.id}`,
      headers: {
        authorization: `Bearer ${s.linkedDoctor.accessToken}`,
        'accept-language': 'es',
      },
    });
    await again.whenStarted(1);
    again.release(diskError());
    expect((await spanish).json<{ error: { message: string } }>().error.message).toMatch(
      /^Tend no ha podido guardar sus registros en el disco/,
    );
    // The disk is back: the next look is answered.
    t.db.interceptLogSync?.(undefined);
    expect((await look()).statusCode).toBe(200);
  });

  it('answers a failed sign-in only once its record is on disk, and 503 if the sync fails', async () => {
    const failedSignIns = async () =>
      (
        await t.db.kysely
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'auth.sign_in_failed')
          .where('actor_id', '=', s.owner.id)
          .execute()
      ).length;
    const gate = holdLogSyncs(t);
    const wrong = signIn(t, s.owner.email, 'not the right passphrase');
    await gate.whenStarted(1);
    expect(await failedSignIns()).toBe(1);
    expect(await settledSoon(wrong)).toBe(false);
    gate.release();
    expect((await wrong).statusCode).toBe(401);

    const wrongAgain = signIn(t, s.owner.email, 'not the right passphrase either');
    await gate.whenStarted(2);
    gate.release(diskError());
    const res = await wrongAgain;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'database_unavailable', message: LOG_NOT_ON_DISK_MESSAGE },
    });
    expect(t.logs.join('\n')).not.toContain(s.owner.email);
  });
});
