import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Measurement, MeasurementList, MeasurementSummary, Profile } from '@tend/shared';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { callAs, careAppAtNoon, type CareScenario } from '../../../test/accounts.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe.each(testDialects())('measurements, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)));
  afterEach(() => t.close());

  const post = (body: object, who: 'owner' | 'linkedDoctor' = 'owner') =>
    callAs(t, s[who], 'POST', '/api/v1/measurements', body);
  /** A heart rate the linked doctor recorded for the owner during a visit. */
  const recordedByDoctor = async () =>
    (
      await post(
        {
          patientId: s.owner.id,
          kind: 'heartrate',
          value: 70,
          unit: '/min',
          takenat: '2026-11-21T08:00:00Z',
        },
        'linkedDoctor',
      )
    ).json<Measurement>();
  const list = async (query = '') => {
    const res = await callAs(t, s.owner, 'GET', `/api/v1/measurements?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MeasurementList>();
  };

  it('stores a reading in canonical units and answers it canonical', async () => {
    const res = await post({
      kind: 'weight',
      value: 150,
      unit: 'lb',
      takenat: '2026-11-21T09:30:00+02:00',
      note: 'After breakfast',
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<Measurement>();
    expect(m).toMatchObject({
      patient: s.owner.id,
      kind: 'weight',
      value: 68.0389,
      unit: 'kg',
      takenat: '2026-11-21T07:30:00.000Z',
      note: 'After breakfast',
      recordedby: { _id: s.owner.id, userType: 'patient' },
    });
    const temp = await post({
      kind: 'temperature',
      value: 98.6,
      unit: '[degF]',
      takenat: '2026-11-21T08:00:00Z',
    });
    expect(temp.json<Measurement>().value).toBe(37);
  });

  it.each([
    [{ kind: 'weight', value: 700, unit: 'kg' }, 'value', 'Weight must be between 0.3 and 650 kg.'],
    [
      { kind: 'weight', value: 1500, unit: 'lb' },
      'value',
      'Weight must be between 0.7 and 1433 lb.',
    ],
    [
      { kind: 'bloodpressure', value: { systolic: 80, diastolic: 90 }, unit: 'mm[Hg]' },
      'value',
      'The diastolic (lower) blood pressure must be below the systolic (upper) one.',
    ],
    [
      { kind: 'bloodpressure', value: 120, unit: 'mm[Hg]' },
      'value',
      'Blood pressure needs a systolic and a diastolic value, like 120/80.',
    ],
    [
      { kind: 'spo2', value: 97, unit: 'kg' },
      'value',
      'Oxygen saturation (SpO2) is measured in %.',
    ],
    [
      { kind: 'glucose', value: 0.2, unit: 'mmol/L' },
      'value',
      'Blood glucose must be between 0.6 and 83.3 mmol/L.',
    ],
  ])('refuses %j with a 400 in words and writes nothing', async (reading, field, message) => {
    const res = await post({ ...reading, takenat: '2026-11-21T08:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields?.[field]).toBe(message);
    expect((await list()).measurements).toEqual([]);
  });

  it('refuses a reading from the future', async () => {
    const res = await post({
      kind: 'heartrate',
      value: 70,
      unit: '/min',
      takenat: '2099-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields?.takenat).toBe('A reading cannot be in the future.');
  });

  it('lists newest first, a page at a time, by kind and by range', async () => {
    for (let day = 10; day <= 14; day += 1) {
      const res = await post({
        kind: 'heartrate',
        value: 60 + day,
        unit: '/min',
        takenat: `2026-11-${day}T08:00:00Z`,
      });
      expect(res.statusCode).toBe(201);
    }
    await post({ kind: 'weight', value: 70, unit: 'kg', takenat: '2026-11-15T08:00:00Z' });
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`kind=heartrate&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.measurements.map((m) => m.value as number));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([74, 73, 72, 71, 70]);
    expect((await list()).measurements.map((m) => m.kind)).toEqual([
      'weight',
      ...Array(5).fill('heartrate'),
    ]);
    const ranged = await list('kind=heartrate&from=2026-11-11&to=2026-11-12');
    expect(ranged.measurements.map((m) => m.value)).toEqual([72, 71]);
    const bad = await callAs(t, s.owner, 'GET', '/api/v1/measurements?limit=101');
    expect(bad.statusCode).toBe(400);
  });

  it('sums up the latest of each kind with its category, the BMI and no BMI without a height', async () => {
    await post({ kind: 'weight', value: 90, unit: 'kg', takenat: '2026-11-20T08:00:00Z' });
    await post({ kind: 'weight', value: 85, unit: 'kg', takenat: '2026-11-21T08:00:00Z' });
    await post({
      kind: 'bloodpressure',
      value: { systolic: 150, diastolic: 95 },
      unit: 'mm[Hg]',
      takenat: '2026-11-21T08:00:00Z',
    });
    const summary = async () =>
      (
        await callAs(
          t,
          s.linkedDoctor,
          'GET',
          `/api/v1/measurements/summary?patientId=${s.owner.id}`,
        )
      ).json<MeasurementSummary>();
    const before = await summary();
    expect(before.bmi).toBeNull();
    await post({ kind: 'height', value: 180, unit: 'cm', takenat: '2026-11-21T08:00:00Z' });
    const after = await summary();
    expect(after.bmi).toEqual({
      value: 26.2,
      category: { code: 'overweight', label: 'Overweight', tone: 'caution' },
      loinc: '39156-5',
    });
    const byKind = Object.fromEntries(after.kinds.map((k) => [k.kind, k]));
    expect(byKind.weight?.latest?.value).toBe(85);
    expect(byKind.bloodpressure?.category).toEqual({
      code: 'stage2',
      label: 'Stage 2 hypertension',
      tone: 'danger',
    });
    expect(byKind.heartrate?.latest).toBeNull();
    expect(after.kinds.map((k) => k.kind)).toEqual([
      'weight',
      'height',
      'bloodpressure',
      'heartrate',
      'glucose',
      'temperature',
      'spo2',
    ]);
  });

  it('puts every look by a doctor in the patient’s access log', async () => {
    await post({ kind: 'heartrate', value: 70, unit: '/min', takenat: '2026-11-21T08:00:00Z' });
    for (const path of ['', '/summary', '/series']) {
      const q = path === '/series' ? '&kind=heartrate' : '';
      const res = await callAs(
        t,
        s.linkedDoctor,
        'GET',
        `/api/v1/measurements${path}?patientId=${s.owner.id}${q}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // The patient's own looks are not "someone else looked".
    await list();
    const log = await callAs(t, s.owner, 'GET', '/api/v1/me/access-log');
    const actions = log
      .json<{ events: { action: string; description: string }[] }>()
      .events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'measurements.listed',
        'measurements.summarized',
        'measurements.charted',
      ]),
    );
    expect(actions.filter((a) => a.startsWith('measurement'))).toHaveLength(3);
  });

  it('lets only whoever recorded a reading delete it', async () => {
    const byDoctor = await recordedByDoctor();
    expect(byDoctor.recordedby).toMatchObject({ _id: s.linkedDoctor.id, userType: 'doctor' });
    const refused = await callAs(t, s.owner, 'DELETE', `/api/v1/measurements/${byDoctor._id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Only whoever recorded a reading may delete it.',
    );
    expect(
      (await callAs(t, s.otherPatient, 'DELETE', `/api/v1/measurements/${byDoctor._id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await callAs(t, s.linkedDoctor, 'DELETE', `/api/v1/measurements/${byDoctor._id}`))
        .statusCode,
    ).toBe(204);
    expect((await list()).measurements).toEqual([]);
  });

  it('lets the patient delete a reading whose recorder has left Tend', async () => {
    const byDoctor = await recordedByDoctor();
    const left = await callAs(t, s.linkedDoctor, 'DELETE', '/api/v1/me', {
      password: s.linkedDoctor.password,
    });
    expect(left.statusCode, left.body).toBe(204);
    const kept = (await list()).measurements;
    expect(kept.map((m) => [m._id, m.recordedby])).toEqual([[byDoctor._id, null]]);
    expect(
      (await callAs(t, s.otherPatient, 'DELETE', `/api/v1/measurements/${byDoctor._id}`))
        .statusCode,
    ).toBe(404);
    const removed = await callAs(t, s.owner, 'DELETE', `/api/v1/measurements/${byDoctor._id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list()).measurements).toEqual([]);
  });

  it('keeps a person’s choice of metric or US units in their profile', async () => {
    const me = async () => (await callAs(t, s.owner, 'GET', '/api/v1/me')).json<Profile>();
    expect((await me()).units).toBe('metric');
    const set = await callAs(t, s.owner, 'PATCH', '/api/v1/me/update', { units: 'us' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me()).units).toBe('us');
    const bad = await callAs(t, s.owner, 'PATCH', '/api/v1/me/update', { units: 'imperial' });
    expect(bad.statusCode).toBe(400);
    expect((await me()).units).toBe('us');
  });
});
