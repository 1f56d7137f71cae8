import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LinkedPatient, NotificationList, TargetList } from '@tend/shared';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { callAs, careScenario, type CareScenario } from '../../../test/accounts.ts';

describe.each(testDialects())('targets and breach notices, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  let now: Date;
  beforeEach(async () => {
    now = new Date('2026-11-21T12:00:00Z');
    t = await createTestApp(dialect, {}, { clock: () => now });
    s = await careScenario(t);
    const set = await callAs(t, s.linkedDoctor, 'PUT', `/api/v1/patients/${s.owner.id}/targets`, {
      targets: [
        { kind: 'heartrate', low: 50, high: 100 },
        { kind: 'glucose', high: 180 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterEach(() => t.close());

  const heartRate = (value: number, takenat = now.toISOString()) =>
    callAs(t, s.owner, 'POST', '/api/v1/measurements', {
      kind: 'heartrate',
      value,
      unit: '/min',
      takenat,
    });
  const notices = async () => {
    const res = await callAs(t, s.linkedDoctor, 'GET', '/api/v1/notifications');
    return res.json<NotificationList>().notifications.filter((n) => n.kind === 'measurement');
  };
  const flagged = async () => {
    const res = await callAs(t, s.linkedDoctor, 'GET', '/api/v1/patients');
    return res.json<{ patients: LinkedPatient[] }>().patients.find((p) => p._id === s.owner.id)
      ?.outsidetarget;
  };

  it('shows a doctor their own targets and the patient every doctor’s', async () => {
    const mine = await callAs(t, s.owner, 'GET', `/api/v1/patients/${s.owner.id}/targets`);
    const targets = mine.json<TargetList>().targets;
    expect(targets.map((x) => [x.kind, x.low, x.high, x.unit])).toEqual([
      ['glucose', null, 180, 'mg/dL'],
      ['heartrate', 50, 100, '/min'],
    ]);
    expect(targets[0]?.doctor._id).toBe(s.linkedDoctor.id);
  });

  it('refuses a target with its ends the wrong way round, and keeps the old ones', async () => {
    const res = await callAs(t, s.linkedDoctor, 'PUT', `/api/v1/patients/${s.owner.id}/targets`, {
      targets: [{ kind: 'heartrate', low: 120, high: 60 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields).toEqual({
      'targets.0.high': 'The high end must be above the low end.',
    });
    const kept = await callAs(t, s.linkedDoctor, 'GET', `/api/v1/patients/${s.owner.id}/targets`);
    expect(kept.json<TargetList>().targets).toHaveLength(2);
  });

  it('notifies the doctor of a reading outside a target once a day, and again the next day', async () => {
    expect((await heartRate(80)).statusCode).toBe(201);
    expect(await notices()).toHaveLength(0);
    expect(await flagged()).toEqual([]);

    expect((await heartRate(130)).statusCode).toBe(201);
    expect((await heartRate(140)).statusCode).toBe(201);
    const first = await notices();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: 'Heart rate outside your target',
      link: `/doctor/tracking-medication?patient=${s.owner.id}`,
    });
    expect(first[0]?.body).toContain('130 beats/min');
    expect(await flagged()).toEqual(['heartrate']);

    now = new Date('2026-11-22T12:00:00Z');
    expect((await heartRate(40)).statusCode).toBe(201);
    expect(await notices()).toHaveLength(2);

    // A week on, the old readings no longer flag the patient.
    now = new Date('2026-11-30T12:00:00Z');
    expect(await flagged()).toEqual([]);
  });

  it('sends one notice however many readings race in', async () => {
    const results = await Promise.all([150, 160, 170, 180].map((v) => heartRate(v)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await notices()).toHaveLength(1);
  });

  it('does not flag a reading once the target moves to include it', async () => {
    await heartRate(120);
    expect(await flagged()).toEqual(['heartrate']);
    await callAs(t, s.linkedDoctor, 'PUT', `/api/v1/patients/${s.owner.id}/targets`, {
      targets: [{ kind: 'heartrate', high: 130 }],
    });
    expect(await flagged()).toEqual([]);
  });
});
