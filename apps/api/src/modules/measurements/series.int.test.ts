import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SERIES_POINTS, type Series } from '@tend/shared';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { callAs, careScenario, type CareScenario } from '../../../test/accounts.ts';
import { recordHeartRate } from '../../../test/readings.ts';

describe.each(testDialects())('measurement series, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: () => new Date('2026-11-21T12:00:00Z') });
    s = await careScenario(t);
    const zone = await callAs(t, s.owner, 'PATCH', '/api/v1/me/update', {
      timezone: 'America/New_York',
    });
    expect(zone.statusCode, zone.body).toBe(200);
  });
  afterEach(() => t.close());

  const series = async (query: string, who: 'owner' | 'linkedDoctor' = 'owner') => {
    return callAs(t, s[who], 'GET', `/api/v1/measurements/series?patientId=${s.owner.id}&${query}`);
  };

  it('cuts days in the patient’s zone, right across the spring-forward change (a 23-hour day)', async () => {
    // 2026-03-08 in New York: clocks jump from 02:00 EST to 03:00 EDT, so that day is 05:00Z–04:00Z.
    await recordHeartRate(t, s.owner, '2026-03-08T04:59:00Z', 50); // 23:59 on the 7th, local
    await recordHeartRate(t, s.owner, '2026-03-08T05:00:00Z', 60); // 00:00 on the 8th
    await recordHeartRate(t, s.owner, '2026-03-09T03:59:00Z', 70); // 23:59 on the 8th (EDT)
    await recordHeartRate(t, s.owner, '2026-03-09T04:00:00Z', 80); // 00:00 on the 9th
    const res = await series('kind=heartrate&bucket=day&from=2026-03-07&to=2026-03-09');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Series>();
    expect(body.timezone).toBe('America/New_York');
    expect(body.points).toEqual([
      {
        at: '2026-03-07T05:00:00.000Z',
        date: '2026-03-07',
        count: 1,
        min: 50,
        max: 50,
        mean: 50,
        diastolic: null,
      },
      {
        at: '2026-03-08T05:00:00.000Z',
        date: '2026-03-08',
        count: 2,
        min: 60,
        max: 70,
        mean: 65,
        diastolic: null,
      },
      {
        at: '2026-03-09T04:00:00.000Z',
        date: '2026-03-09',
        count: 1,
        min: 80,
        max: 80,
        mean: 80,
        diastolic: null,
      },
    ]);
  });

  it('cuts weeks (Monday first) and months in the zone across the fall-back change', async () => {
    // 2026-11-01 (a Sunday): clocks fall back from 02:00 EDT to 01:00 EST.
    await recordHeartRate(t, s.owner, '2026-11-02T04:30:00Z', 60); // 23:30 Sunday 1 Nov, EST: week of 26 Oct
    await recordHeartRate(t, s.owner, '2026-11-02T05:00:00Z', 70); // 00:00 Monday 2 Nov: the next week
    await recordHeartRate(t, s.owner, '2026-11-01T03:30:00Z', 90); // 23:30 Saturday 31 Oct, EDT: October
    const weeks = (
      await series('kind=heartrate&bucket=week&from=2026-10-26&to=2026-11-08')
    ).json<Series>();
    expect(weeks.points.map((p) => [p.date, p.at, p.count])).toEqual([
      ['2026-10-26', '2026-10-26T04:00:00.000Z', 2],
      ['2026-11-02', '2026-11-02T05:00:00.000Z', 1],
    ]);
    const months = (
      await series('kind=heartrate&bucket=month&from=2026-10-01&to=2026-11-30')
    ).json<Series>();
    expect(months.points.map((p) => [p.date, p.at, p.count, p.mean])).toEqual([
      ['2026-10-01', '2026-10-01T04:00:00.000Z', 1, 90],
      ['2026-11-01', '2026-11-01T04:00:00.000Z', 2, 65],
    ]);
  });

  it('answers at most 400 points, and a range of more buckets is a 400 in words', async () => {
    const ok = await series('kind=heartrate&bucket=day&from=2025-10-18&to=2026-11-21');
    expect(ok.statusCode, ok.body).toBe(200);
    const tooMany = await series('kind=heartrate&bucket=day&from=2025-01-01&to=2026-11-21');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
      `A chart shows at most ${MAX_SERIES_POINTS} points, and this range has more days than that. Choose weeks or months, or a shorter range.`,
    );
    const years = await series('kind=heartrate&bucket=month&from=1990-01-01&to=2026-11-21');
    expect(years.statusCode).toBe(400);
    const backwards = await series('kind=heartrate&bucket=day&from=2026-11-21&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
  });

  it('shows a reading recorded or deleted after the chart was last drawn', async () => {
    // A chart asked again is answered from kept roll-up rows while nothing was written: every
    // write, by any path, must show on the next asking.
    const weeks = async () =>
      (await series('kind=heartrate&bucket=week&from=2026-10-05&to=2026-11-15'))
        .json<Series>()
        .points.map((p) => [p.date, p.count, p.mean]);
    await recordHeartRate(t, s.owner, '2026-10-14T15:00:00Z', 60);
    expect(await weeks()).toEqual([['2026-10-12', 1, 60]]);
    expect(await weeks()).toEqual([['2026-10-12', 1, 60]]);
    await recordHeartRate(t, s.owner, '2026-10-15T15:00:00Z', 80);
    expect(await weeks()).toEqual([['2026-10-12', 2, 70]]);
    const listed = await callAs(t, s.owner, 'GET', '/api/v1/measurements?kind=heartrate');
    const [newest] = listed.json<{ measurements: { _id: string }[] }>().measurements;
    const deleted = await callAs(t, s.owner, 'DELETE', `/api/v1/measurements/${newest?._id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await weeks()).toEqual([['2026-10-12', 1, 60]]);
  });

  it('gives blood pressure the diastolic beside the systolic', async () => {
    for (const [systolic, diastolic] of [
      [150, 95],
      [130, 85],
    ]) {
      const res = await callAs(t, s.linkedDoctor, 'POST', '/api/v1/measurements', {
        patientId: s.owner.id,
        kind: 'bloodpressure',
        value: { systolic, diastolic },
        unit: 'mm[Hg]',
        takenat: '2026-11-20T15:00:00Z',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await series('kind=bloodpressure&bucket=day', 'linkedDoctor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>().points).toEqual([
      {
        at: '2026-11-20T05:00:00.000Z',
        date: '2026-11-20',
        count: 2,
        min: 130,
        max: 150,
        mean: 140,
        diastolic: { min: 85, max: 95, mean: 90 },
      },
    ]);
  });
});
