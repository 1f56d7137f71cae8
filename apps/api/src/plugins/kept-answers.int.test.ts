import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  bearer,
  callAs,
  careScenario,
  createAccount,
  GOOD_PASSWORD,
  signIn,
  type TestAccount,
} from '../../test/accounts.ts';
import {
  createTestApp,
  createTestDatabase,
  testDialects,
  type TestApp,
} from '../../test/helper.ts';
import { createTwoInstances, type TwoInstances } from '../../test/instances.ts';
import { PRESCRIPTION } from '../../test/permission-table.ts';
import { sql } from 'kysely';
import { createDb } from '../db/database.ts';
import { multipartBody, pdf } from '../../test/upload-files.ts';

// Signed-in GETs answered again from memory while the database is unchanged (kept-answers.ts):
// every test here reads twice around something that must show, so a kept answer given when it
// should not be fails it. On both databases (PostgreSQL's stamp is migration 0023's count).
describe.each(testDialects())('kept answers of signed-in GETs on %s', (dialect) => {
  let t: TestApp;
  let now: Date;
  let patient: TestAccount;

  beforeEach(async () => {
    now = new Date('2026-11-21T12:00:00Z');
    t = await createTestApp(dialect, {}, { clock: () => now });
    patient = await createAccount(t, 'patient', { firstname: 'Ana' });
  });
  afterEach(() => t.close());

  const firstnameOf = async (who: { accessToken: string }) =>
    (await callAs(t, who, 'GET', '/api/v1/me')).json<{ firstname: string }>().firstname;

  it('gives the same answer again, and the new one after a change through Tend', async () => {
    expect(await firstnameOf(patient)).toBe('Ana');
    expect(await firstnameOf(patient)).toBe('Ana');
    const changed = await callAs(t, patient, 'PATCH', '/api/v1/me/update', { firstname: 'Bea' });
    expect(changed.statusCode).toBe(200);
    expect(await firstnameOf(patient)).toBe('Bea');
  });

  it('shows a change made behind Tend’s back, on its connection or by another process', async () => {
    expect(await firstnameOf(patient)).toBe('Ana');
    await t.db.kysely
      .updateTable('users')
      .set({ firstname: 'Cleo' })
      .where('id', '=', patient.id)
      .execute();
    expect(await firstnameOf(patient)).toBe('Cleo');

    // Another connection to the same database: the users CLI, or SQL typed by hand.
    const other = createDb(t.database);
    try {
      await other.kysely
        .updateTable('users')
        .set({ firstname: 'Dina' })
        .where('id', '=', patient.id)
        .execute();
    } finally {
      await other.close();
    }
    // node:sqlite reads another process's commit at the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await firstnameOf(patient)).toBe('Dina');
  });

  it('keeps each session’s answer apart (“this device” differs)', async () => {
    const second = (await signIn(t, patient.email, GOOD_PASSWORD)).json<{ accessToken: string }>();
    const currentOf = async (who: { accessToken: string }) =>
      (await callAs(t, who, 'GET', '/api/v1/me/sessions'))
        .json<{ sessions: { _id: string; current: boolean }[] }>()
        .sessions.find((s) => s.current)?._id;
    const first = await currentOf(patient);
    const other = await currentOf(second);
    expect(first).toBeDefined();
    expect(other).toBeDefined();
    expect(other).not.toBe(first);
    expect(await currentOf(patient)).toBe(first);
  });

  it('refuses a session signed out since its answer was kept', async () => {
    expect(await firstnameOf(patient)).toBe('Ana');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: bearer(patient),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await callAs(t, patient, 'GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it('never gives one person’s kept answer to another', async () => {
    const other = await createAccount(t, 'patient', { firstname: 'Eve' });
    expect(await firstnameOf(patient)).toBe('Ana');
    expect(await firstnameOf(other)).toBe('Eve');
    expect(await firstnameOf(patient)).toBe('Ana');
  });

  it('reads again when the minute changes: a new day’s doses with nothing written', async () => {
    const created = await callAs(t, patient, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      dosage: '500 mg',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    const id = created.json<{ _id: string }>()._id;
    const doses = async () =>
      (await callAs(t, patient, 'GET', `/api/v1/medications/${id}/doses`)).json<{ to: string }>()
        .to;
    expect(await doses()).toBe('2026-11-21');
    expect(await doses()).toBe('2026-11-21');
    now = new Date('2026-11-22T00:00:30Z');
    expect(await doses()).toBe('2026-11-22');
  });

  it('gives a file again with its own headers, a large one whole, and none once it is deleted', async () => {
    const uploadPdf = async (padTo: number) => {
      const form = multipartBody(
        { title: 'Blood test' },
        { filename: 'blood.pdf', contentType: 'application/pdf', data: pdf({ padTo }) },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(patient) },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ _id: string }>()._id;
    };
    const small = await uploadPdf(0);
    // Over the 256 kB a kept answer may hold: streamed out whole every time, never kept.
    const large = await uploadPdf(600 * 1024);
    for (const id of [small, large, small, large]) {
      const file = await callAs(t, patient, 'GET', `/api/v1/reports/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="blood.pdf"/);
      expect(file.headers['content-security-policy']).toBe('sandbox');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (id === large) expect(file.rawPayload.length).toBe(600 * 1024);
    }
    const deleted = await callAs(t, patient, 'DELETE', `/api/v1/reports/${small}`);
    expect(deleted.statusCode).toBe(204);
    expect((await callAs(t, patient, 'GET', `/api/v1/reports/${small}/file`)).statusCode).toBe(404);
  });

  it('records every look of a doctor, kept answer or not, and the access log shows each at once', async () => {
    const s = await careScenario(t);
    const prescription = await callAs(t, s.linkedDoctor, 'POST', '/api/v1/prescriptions', {
      patientId: s.owner.id,
      ...PRESCRIPTION,
    });
    expect(prescription.statusCode).toBe(201);
    const looks = async () =>
      (
        await t.db.kysely
          .selectFrom('audit_events')
          .select('id')
          .where('subject_id', '=', s.owner.id)
          .where('actor_id', '=', s.linkedDoctor.id)
          .execute()
      ).length;
    const accessLog = async () =>
      (await callAs(t, s.owner, 'GET', '/api/v1/me/access-log')).json<{ events: unknown[] }>()
        .events.length;
    const id = s.owner.id;
    // Every GET of a doctor that is a look at one patient's record.
    const lookUrls = [
      `/api/v1/trackmedications/${id}`,
      '/api/v1/patients',
      `/api/v1/reports?patientId=${id}`,
      `/api/v1/prescriptions?patientId=${id}`,
      `/api/v1/measurements?patientId=${id}`,
      `/api/v1/measurements/series?patientId=${id}&kind=weight&bucket=day`,
      `/api/v1/measurements/summary?patientId=${id}`,
      `/api/v1/patients/${id}/targets`,
    ];
    let expected = await looks();
    let logged = await accessLog();
    for (const url of lookUrls) {
      const answers: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const answer = await callAs(t, s.linkedDoctor, 'GET', url);
        expect(answer.statusCode, url).toBe(200);
        answers.push(answer.body);
        expected += 1;
        logged += 1;
        expect(await looks(), url).toBe(expected);
        expect(await accessLog(), url).toBe(logged);
      }
      expect(new Set(answers).size, url).toBe(1);
    }
  });
});

// PostgreSQL's stamp is a count in the database (migration 0023): every instance's commits move it.
describe.runIf(testDialects().includes('postgres'))('kept answers on one PostgreSQL', () => {
  let two: TwoInstances;
  beforeEach(async () => {
    two = await createTwoInstances('postgres');
  });
  afterEach(() => two.close());

  it('sees a write through another instance at once, and keeps answers while nothing is written', async () => {
    const patient = await createAccount(two.a, 'patient', { firstname: 'Ana' });
    const firstname = async () =>
      (await callAs(two.a, patient, 'GET', '/api/v1/me')).json<{ firstname: string }>().firstname;
    expect(await firstname()).toBe('Ana');
    const changed = await callAs(two.b, patient, 'PATCH', '/api/v1/me/update', {
      firstname: 'Fay',
    });
    expect(changed.statusCode).toBe(200);
    expect(await firstname()).toBe('Fay');

    // Kept indeed: a write that does not move the stamp (its triggers switched off, as only a
    // superuser can) is not seen until anything else is written.
    await two.db.kysely.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('users')
        .set({ firstname: 'Gia' })
        .where('id', '=', patient.id)
        .execute();
    });
    expect(await firstname()).toBe('Fay');
    await two.db.kysely
      .insertInto('subscriptions')
      .values({
        id: 'any-write',
        email: 'a@b.co',
        email_normalized: 'a@b.co',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await firstname()).toBe('Gia');
  });

  it('shows in the access log at once a look through another instance', async () => {
    const s = await careScenario(two.a);
    const accessLog = async () =>
      (await callAs(two.a, s.owner, 'GET', '/api/v1/me/access-log')).json<{ events: unknown[] }>()
        .events.length;
    const logged = await accessLog();
    expect(await accessLog()).toBe(logged);
    const look = await callAs(
      two.b,
      s.linkedDoctor,
      'GET',
      `/api/v1/trackmedications/${s.owner.id}`,
    );
    expect(look.statusCode).toBe(200);
    expect(await accessLog()).toBe(logged + 1);
  });
});

describe.runIf(testDialects().includes('postgres'))('PostgreSQL’s change stamp', () => {
  it('moves with writes that commit and not with those rolled back, once per transaction, under many writers at once', async () => {
    // A database no Tend runs on, so that only these writes move the count.
    const testDb = await createTestDatabase('postgres');
    const other = createDb(testDb.database);
    onTestFinished(async () => {
      await other.close();
      await testDb.cleanup();
    });
    const stamp = async () => (await testDb.db.sharedChangeStamp?.())?.split('@');
    const before = await stamp();
    expect(before?.[0]).toMatch(/^\d+$/);
    await expect(
      testDb.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('subscriptions')
          .values({
            id: 'undone',
            email: 'u@b.co',
            email_normalized: 'u@b.co',
            created_at: '2026-11-28T00:00:00.000Z',
          })
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stamp()).toEqual(before);
    // Twenty transactions at once, two statements each: none waits on another for ever.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? testDb.db : other).kysely.transaction().execute(async (trx) => {
          const email = `w${i}@b.co`;
          await trx
            .insertInto('subscriptions')
            .values({
              id: `w${i}`,
              email,
              email_normalized: email,
              created_at: '2026-11-28T00:00:00.000Z',
            })
            .execute();
          await trx.updateTable('subscriptions').set({ email }).where('id', '=', `w${i}`).execute();
        }),
      ),
    );
    const after = await stamp();
    expect(Number(after?.[0])).toBe(Number(before?.[0]) + 20);
    expect(after?.[1]).toBe(before?.[1]);

    // A look in the audit trail moves only the stamp the access log is kept under.
    const withAuditTrail = () => testDb.db.sharedChangeStamp?.(true);
    const auditBefore = await withAuditTrail();
    await testDb.db.kysely
      .insertInto('audit_events')
      .values({
        id: 'a-look',
        actor_id: null,
        action: 'medications.viewed',
        created_at: '2026-11-28T00:00:00.000Z',
      })
      .execute();
    expect(await stamp()).toEqual(after);
    expect(await withAuditTrail()).not.toBe(auditBefore);
  });
});
