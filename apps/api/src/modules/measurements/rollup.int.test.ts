import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Series } from '@tend/shared';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { bearer, callAs, careAppAtNoon, type CareScenario } from '../../../test/accounts.ts';
import { recordHeartRate } from '../../../test/readings.ts';

/**
 * The chart reads the per-day, week and month roll-up (rollup.ts): every write must keep it right,
 * in its own transaction, on both databases.
 */
describe.each(testDialects())('measurement roll-up behind the series, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)));
  afterEach(() => t.close());

  const record = (takenat: string, value: number) => recordHeartRate(t, s.owner, takenat, value);
  const points = async (query: string) => {
    const res = await callAs(
      t,
      s.owner,
      'GET',
      `/api/v1/measurements/series?kind=heartrate&${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Series>().points.map((p) => [p.date, p.count, p.min, p.max, p.mean]);
  };

  it('forgets a deleted reading in its day, week and month, minimum and maximum included', async () => {
    await record('2026-11-10T08:00:00Z', 60);
    const highest = await record('2026-11-10T09:00:00Z', 90);
    await record('2026-11-12T09:00:00Z', 70);
    expect(await points('bucket=week&from=2026-11-09&to=2026-11-15')).toEqual([
      ['2026-11-09', 3, 60, 90, 73.33],
    ]);
    const gone = await callAs(t, s.owner, 'DELETE', `/api/v1/measurements/${highest._id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await points('bucket=day&from=2026-11-10&to=2026-11-12')).toEqual([
      ['2026-11-10', 1, 60, 60, 60],
      ['2026-11-12', 1, 70, 70, 70],
    ]);
    expect(await points('bucket=week&from=2026-11-09&to=2026-11-15')).toEqual([
      ['2026-11-09', 2, 60, 70, 65],
    ]);
    expect(await points('bucket=month&from=2026-11-01&to=2026-11-30')).toEqual([
      ['2026-11-01', 2, 60, 70, 65],
    ]);
  });

  it('charts an imported file, added to what was there', async () => {
    await record('2026-11-02T08:00:00Z', 80);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/measurements/import',
      headers: { ...bearer(s.owner), 'content-type': 'text/csv' },
      payload: [
        'takenat,kind,value,unit',
        '2026-11-02T09:00:00Z,heartrate,50,/min',
        '2026-11-03T09:00:00Z,heartrate,100,/min',
        '2026-10-30T09:00:00Z,heartrate,70,/min',
      ].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await points('bucket=day&from=2026-11-01&to=2026-11-03')).toEqual([
      ['2026-11-02', 2, 50, 80, 65],
      ['2026-11-03', 1, 100, 100, 100],
    ]);
    expect(await points('bucket=month&from=2026-10-01&to=2026-11-30')).toEqual([
      ['2026-10-01', 1, 70, 70, 70],
      ['2026-11-01', 3, 50, 100, 76.67],
    ]);
  });

  it('counts every one of many readings recorded at once on one day', async () => {
    const values = [61, 62, 63, 64, 65, 66, 67, 68];
    await Promise.all(values.map((v, i) => record(`2026-11-20T0${i}:30:00Z`, v)));
    expect(await points('bucket=day&from=2026-11-20&to=2026-11-20')).toEqual([
      ['2026-11-20', 8, 61, 68, 64.5],
    ]);
    expect(await points('bucket=week&from=2026-11-16&to=2026-11-22')).toEqual([
      ['2026-11-16', 8, 61, 68, 64.5],
    ]);
  });

  it('cuts the days again in the patient’s new zone when they move', async () => {
    await record('2026-11-10T03:00:00Z', 60); // the 10th in UTC, the 9th in New York
    await record('2026-11-10T12:00:00Z', 80);
    expect(await points('bucket=day&from=2026-11-09&to=2026-11-10')).toEqual([
      ['2026-11-10', 2, 60, 80, 70],
    ]);
    const moved = await callAs(t, s.owner, 'PATCH', '/api/v1/me/update', {
      timezone: 'America/New_York',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await points('bucket=day&from=2026-11-09&to=2026-11-10')).toEqual([
      ['2026-11-09', 1, 60, 60, 60],
      ['2026-11-10', 1, 80, 80, 80],
    ]);
    await record('2026-11-10T04:30:00Z', 70); // 23:30 on the 9th in New York
    expect(await points('bucket=day&from=2026-11-09&to=2026-11-10')).toEqual([
      ['2026-11-09', 2, 60, 70, 65],
      ['2026-11-10', 1, 80, 80, 80],
    ]);
  });

  it('adds what a range cuts off a day (an instant, or now) to the whole days', async () => {
    await record('2026-11-19T06:00:00Z', 60);
    await record('2026-11-19T18:00:00Z', 70);
    await record('2026-11-20T10:00:00Z', 80);
    await record('2026-11-21T11:00:00Z', 90); // today, before the clock's noon
    await record('2026-11-21T13:00:00Z', 100); // after now: outside the default range
    expect(await points('bucket=week&from=2026-11-19T12:00:00Z&to=2026-11-20T12:00:00Z')).toEqual([
      ['2026-11-16', 2, 70, 80, 75],
    ]);
    expect(await points('bucket=week&from=2026-11-19')).toEqual([['2026-11-16', 4, 60, 90, 75]]);
  });
});
