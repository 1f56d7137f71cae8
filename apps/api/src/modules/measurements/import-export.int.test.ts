import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ROWS,
  type ImportRejected,
  type ImportResult,
  type MeasurementList,
} from '@tend/shared';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import {
  bearer,
  type CareScenario,
  type TestAccount,
  careAppAtNoon,
} from '../../../test/accounts.ts';

const GOOD = [
  'takenat,kind,value,unit',
  '2026-11-01T08:00:00Z,weight,165,lb',
  '2026-11-01T08:05:00Z,bloodpressure,150/95,mmHg',
  '2026-11-02T08:00:00Z,glucose,5.5,mmol/L',
  '2026-11-03T08:00:00Z,temperature,98.6,[degF],"feverish, ""a bit"""',
].join('\n');

describe.each(testDialects())('measurement import and export, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)));
  afterEach(() => t.close());

  const importAs = (who: TestAccount, csv: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/measurements/import${query}`,
      headers: { ...bearer(who), 'content-type': 'text/csv' },
      payload: csv,
    });
  const readings = async (who: TestAccount) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/measurements?limit=100',
      headers: bearer(who),
    });
    return res.json<MeasurementList>().measurements;
  };

  it('imports every row of a good file, converted to canonical units', async () => {
    const res = await importAs(s.owner, GOOD);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ImportResult>();
    expect(body.imported).toBe(4);
    expect(body.rows.map((r) => [r.line, r.accepted])).toEqual([
      [2, true],
      [3, true],
      [4, true],
      [5, true],
    ]);
    const stored = await readings(s.owner);
    expect(stored.map((m) => [m.kind, m.value, m.note])).toEqual([
      ['temperature', 37, 'feverish, "a bit"'],
      ['glucose', 99.088, null],
      ['bloodpressure', { systolic: 150, diastolic: 95 }, null],
      ['weight', 74.8427, null],
    ]);
  });

  it('imports nothing when one row is bad, and says which and why', async () => {
    const csv = `${GOOD}\n2026-11-04T08:00:00Z,weight,2000,kg\n2026-11-05T08:00:00Z,mood,5,`;
    const res = await importAs(s.owner, csv);
    expect(res.statusCode).toBe(400);
    const body = res.json<ImportRejected>();
    expect(body.error.code).toBe('import_rejected');
    expect(body.error.message).toBe('2 of 6 rows cannot be imported, so nothing was imported.');
    expect(body.rows?.filter((r) => !r.accepted)).toEqual([
      { line: 6, accepted: false, reason: 'Weight must be between 0.3 and 650 kg.' },
      {
        line: 7,
        accepted: false,
        reason:
          '“mood” is not a kind: use weight, height, bloodpressure, heartrate, glucose, temperature, spo2.',
      },
    ]);
    expect(await readings(s.owner)).toEqual([]);
  });

  it('checks without importing on a dry run', async () => {
    const res = await importAs(s.owner, GOOD, '?dryrun=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().imported).toBe(0);
    expect(await readings(s.owner)).toEqual([]);
  });

  it(`refuses a file of more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const rows = Array.from(
      { length: MAX_IMPORT_ROWS + 1 },
      () => '2026-11-01T08:00:00Z,heartrate,70,/min',
    );
    const res = await importAs(s.owner, ['takenat,kind,value,unit', ...rows].join('\n'));
    expect(res.statusCode).toBe(413);
    expect(await readings(s.owner)).toEqual([]);
  });

  it('exports every reading so that importing the file gives the same readings', async () => {
    expect((await importAs(s.owner, GOOD)).statusCode).toBe(201);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/measurements/export.csv',
      headers: bearer(s.owner),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.body.split('\n')[0]).toBe('takenat,kind,value,unit,note');
    const again = await importAs(s.otherPatient, exported.body);
    expect(again.statusCode, again.body).toBe(201);
    const strip = (ms: Awaited<ReturnType<typeof readings>>) =>
      ms.map(({ kind, value, unit, takenat, note }) => ({ kind, value, unit, takenat, note }));
    expect(strip(await readings(s.otherPatient))).toEqual(strip(await readings(s.owner)));
  });
});
