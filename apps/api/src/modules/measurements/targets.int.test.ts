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

  const putTargets = (targets: unknown[]) =>
    callAs(t, s.linkedDoctor, 'PUT', `/api/v1/patients/${s.owner.id}/targets`, { targets });
  const bloodPressure = (systolic: number, diastolic: number) =>
    callAs(t, s.owner, 'POST', '/api/v1/measurements', {
      kind: 'bloodpressure',
      value: { systolic, diastolic },
      unit: 'mm[Hg]',
      takenat: now.toISOString(),
    });
  const bloodPressureTargets = async (who = s.owner) => {
    const res = await callAs(t, who, 'GET', `/api/v1/patients/${s.owner.id}/targets`);
    return res.json<TargetList>().targets.filter((x) => x.kind === 'bloodpressure');
  };

  it('keeps a blood-pressure target as a range for each of the two numbers', async () => {
    const set = await putTargets([
      { kind: 'bloodpressure', low: 90, high: 130, diastolic: { low: 60, high: 85 } },
      { kind: 'heartrate', low: 50 },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    const [bp] = await bloodPressureTargets();
    expect(bp).toMatchObject({ low: 90, high: 130, diastolic: { low: 60, high: 85 } });
    const heart = set.json<TargetList>().targets.find((x) => x.kind === 'heartrate');
    expect(heart?.diastolic).toBeNull();
  });

  it('notifies and flags a diastolic outside its range while the systolic is inside', async () => {
    await putTargets([{ kind: 'bloodpressure', high: 140, diastolic: { high: 90 } }]);
    expect((await bloodPressure(130, 85)).statusCode).toBe(201);
    expect(await flagged()).toEqual([]);
    expect((await bloodPressure(130, 95)).statusCode).toBe(201);
    expect(await flagged()).toEqual(['bloodpressure']);
    const [notice] = await notices();
    expect(notice?.body).toMatch(
      /blood pressure 130\/95 mmHg, outside your target \(systolic up to 140 mmHg, diastolic up to 90 mmHg\)\./,
    );
    const summary = await callAs(t, s.owner, 'GET', '/api/v1/measurements/summary');
    const kind = summary
      .json<{ kinds: { kind: string; targets: { met: boolean | null }[] }[] }>()
      .kinds.find((k) => k.kind === 'bloodpressure');
    expect(kind?.targets.map((x) => x.met)).toEqual([false]);
  });

  it('keeps an older target bounding only the systolic working: the diastolic is unbounded', async () => {
    await putTargets([{ kind: 'bloodpressure', low: 90, high: 140 }]);
    expect(await bloodPressureTargets()).toMatchObject([
      { low: 90, high: 140, diastolic: { low: null, high: null } },
    ]);
    expect((await bloodPressure(130, 110)).statusCode).toBe(201);
    expect(await flagged()).toEqual([]);
    expect((await bloodPressure(150, 80)).statusCode).toBe(201);
    expect(await flagged()).toEqual(['bloodpressure']);
  });

  it('refuses diastolic ends the wrong way round, out of a body\u2019s range, or on another kind', async () => {
    const res = await putTargets([
      { kind: 'bloodpressure', diastolic: { low: 90, high: 60 } },
      { kind: 'glucose', high: 180, diastolic: { high: 90 } },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields).toEqual({
      'targets.0.diastolic.high': 'The high end must be above the low end.',
      'targets.1.diastolic': 'Only a blood pressure target has a diastolic range.',
    });
    const tooHigh = await putTargets([{ kind: 'bloodpressure', diastolic: { high: 250 } }]);
    expect(tooHigh.json<{ error: { fields?: Record<string, string> } }>().error.fields).toEqual({
      'targets.0.diastolic.high': expect.stringMatching(
        /^Target: Diastolic blood pressure must be/,
      ),
    });
    const onlyDiastolic = await putTargets([{ kind: 'bloodpressure', diastolic: { high: 90 } }]);
    expect(onlyDiastolic.statusCode, onlyDiastolic.body).toBe(200);
  });

  it('writes SpO2 with its capitals in the notice\u2019s sentence, in English and in Spanish', async () => {
    await putTargets([{ kind: 'spo2', low: 94 }]);
    const spo2 = () =>
      callAs(t, s.owner, 'POST', '/api/v1/measurements', {
        kind: 'spo2',
        value: 90,
        unit: '%',
        takenat: now.toISOString(),
      });
    expect((await spo2()).statusCode).toBe(201);
    const [english] = await notices();
    expect(english?.body).toContain(': oxygen saturation (SpO2) 90');
    expect(english?.body).not.toContain('spo2');

    const spanish = await callAs(t, s.linkedDoctor, 'PATCH', '/api/v1/me/update', {
      language: 'es',
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    now = new Date('2026-11-22T12:00:00Z');
    expect((await spo2()).statusCode).toBe(201);
    const [latest] = await notices();
    expect(latest?.body).toContain(': saturación de oxígeno (SpO2) 90');
  });
});
