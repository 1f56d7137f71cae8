import type { Medication, NotificationList, PushPayload } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, callAs } from '../../../test/accounts.ts';
import { testDialects } from '../../../test/helper.ts';
import { createTwoInstances } from '../../../test/instances.ts';
import { startPushEndpoint, type TestPushEndpoint } from '../../../test/push-endpoint.ts';
import { planJob } from '../../jobs/enqueue.ts';
import { DOSE_JOB, doseKey } from './planner.ts';
import { reminderScenario, type ReminderScenario } from '../../../test/reminder-scenario.ts';

describe.each(testDialects())('reminder delivery by Web Push on %s', (dialect) => {
  let s: ReminderScenario;
  let endpoint: TestPushEndpoint;
  beforeEach(async () => {
    s = await reminderScenario(dialect);
    endpoint = await startPushEndpoint();
  });
  afterEach(async () => {
    await endpoint.close();
    await s.close();
  });

  const subscriptions = () =>
    s.t.db.kysely.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).execute();

  it('pushes an encrypted payload that decrypts, with the browser’s keys, to the reminder and its token', async () => {
    const key = await s.call(s.patient, 'GET', '/api/v1/push/key');
    expect(key.statusCode).toBe(200);
    expect(key.json<{ publickey: string }>().publickey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const subscribed = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', {
      ...endpoint.subscription,
      expirationTime: null,
    });
    expect(subscribed.statusCode).toBe(201);
    await s.saveSettings(s.patient, { push: true });
    await s.addMedication();

    s.setNow('2027-03-27T08:00:10.000Z');
    await s.runDue(); // the reminder, then its push job
    await s.runDue();
    const [push] = await endpoint.waitFor(1);
    const payload = push?.json as PushPayload;
    const list = (await s.call(s.patient, 'GET', '/api/v1/notifications')).json<NotificationList>();
    const reminder = list.notifications.find((n) => n.kind === 'dose_reminder');
    expect(payload).toEqual({
      title: 'Time for Metoprolol (day dose)',
      body: reminder?.body,
      link: '/patient',
      tag: expect.stringMatching(/^dose:.+:2027-03-27$/) as unknown,
      reminder: { token: reminder?.reminder?.token },
    });
    expect(push?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    // The token in the push ticks the dose, as the service worker's "Taken" button does.
    const taken = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/reminders/${payload.reminder?.token ?? ''}/taken`,
    });
    expect(taken.statusCode).toBe(200);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', endpoint.subscription);
    await s.saveSettings(s.patient, { push: true });
    await s.addMedication();
    endpoint.answerWith(410);
    s.setNow('2027-03-27T08:00:10.000Z');
    await s.runDue();
    await s.runDue();
    expect(await subscriptions()).toEqual([]);
  });

  it('subscribing: 201 new, 200 again, https only, capped, deleted with 204; a browser moves to whoever subscribes it', async () => {
    const body = endpoint.subscription;
    const first = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', body);
    expect(first.statusCode).toBe(201);
    const again = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const plain = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', {
      ...body,
      endpoint: 'http://push.example.org/abc',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      error: { fields: { endpoint: expect.any(String) as unknown } },
    });
    const extra = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', {
      ...body,
      more: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect((await s.call(null, 'POST', '/api/v1/push/subscriptions', body)).statusCode).toBe(401);

    // The same browser, signed in as the doctor now: its pushes follow the doctor.
    expect((await s.call(s.doctor, 'POST', '/api/v1/push/subscriptions', body)).statusCode).toBe(
      201,
    );
    expect(await subscriptions()).toEqual([{ user_id: s.doctor.id, endpoint: body.endpoint }]);
    // Someone else's endpoint cannot be removed by another person.
    expect(
      (await s.call(s.patient, 'DELETE', '/api/v1/push/subscriptions', { endpoint: body.endpoint }))
        .statusCode,
    ).toBe(204);
    expect(await subscriptions()).toHaveLength(1);
    expect(
      (await s.call(s.doctor, 'DELETE', '/api/v1/push/subscriptions', { endpoint: body.endpoint }))
        .statusCode,
    ).toBe(204);
    expect(await subscriptions()).toEqual([]);

    for (let i = 0; i < 20; i += 1) {
      const res = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', {
        ...body,
        endpoint: `https://push.example.org/browser-${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await s.call(s.patient, 'POST', '/api/v1/push/subscriptions', {
      ...body,
      endpoint: 'https://push.example.org/one-too-many',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: { code: 'too_many_push_subscriptions' } });
  });

  it('settings: defaults for everyone, own only, validated, and a bad body changes nothing', async () => {
    for (const [who, account] of s.callers()) {
      const res = await s.call(account, 'GET', '/api/v1/me/notification-settings');
      expect(res.statusCode, who).toBe(account ? 200 : 401);
      if (account) {
        expect(res.json()).toEqual({
          email: false,
          push: false,
          remindertimes: { day: '09:00', afternoon: '14:00', night: '21:00' },
        });
      }
    }
    await s.saveSettings(s.patient, { email: true });
    expect(
      (await s.call(s.otherPatient, 'GET', '/api/v1/me/notification-settings')).json(),
    ).toMatchObject({ email: false });
    const bad = await s.call(s.patient, 'PUT', '/api/v1/me/notification-settings', {
      email: false,
      push: false,
      remindertimes: { day: '24:00', afternoon: '14:00', night: '21:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/HH:MM/);
    expect(
      (await s.call(s.patient, 'GET', '/api/v1/me/notification-settings')).json(),
    ).toMatchObject({ email: true, remindertimes: { day: '09:00' } });
    expect(
      (await s.call(null, 'PUT', '/api/v1/me/notification-settings', { email: true })).statusCode,
    ).toBe(401);
  });
});

// SQLite is one process on one machine (README): several instances need PostgreSQL.
describe.skipIf(!testDialects().includes('postgres'))('two instances on PostgreSQL', () => {
  const dialect = 'postgres' as const;
  it('deliver 100 dose reminders due at one instant exactly once', async () => {
    const two = await createTwoInstances(dialect);
    try {
      const patient = await createAccount(two.a, 'patient');
      const ids: string[] = [];
      for (let i = 0; i < 100; i += 1) {
        const res = await callAs(two.a, patient, 'POST', '/api/v1/medications', {
          name: `Medication ${i}`,
          dosage: null,
          startdate: '2020-01-01',
          enddate: null,
          timefrequency: 'night',
        });
        ids.push(res.json<Medication>()._id);
      }
      const now = new Date();
      const date = now.toISOString().slice(0, 10);
      await two.db.kysely.transaction().execute(async (trx) => {
        for (const id of ids) {
          await planJob(trx, {
            key: doseKey(id, date),
            kind: DOSE_JOB,
            runAt: now,
            payload: { medicationId: id, date, variant: 'first' },
            subject: id,
          });
        }
      });
      const [ranA, ranB] = await Promise.all([two.a.app.jobs.runDue(), two.b.app.jobs.runDue()]);
      expect(ranA + ranB).toBeGreaterThanOrEqual(100);
      const rows = await two.db.kysely
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', patient.id)
        .where('kind', '=', 'dose_reminder')
        .execute();
      expect(rows).toHaveLength(100);
      expect(new Set(rows.map((r) => r.title)).size).toBe(100);
      const followUps = await two.db.kysely
        .selectFrom('jobs')
        .select('key')
        .where('key', 'like', 'dose-followup:%')
        .execute();
      expect(followUps).toHaveLength(100);
    } finally {
      await two.close();
    }
  });
});
