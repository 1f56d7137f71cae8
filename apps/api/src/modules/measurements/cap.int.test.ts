import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MEASUREMENTS_PER_PATIENT, type MeasurementList } from '@tend/shared';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { bearer, callAs, careScenario, type CareScenario } from '../../../test/accounts.ts';

const READING = { kind: 'heartrate', value: 70, unit: '/min', takenat: '2026-11-21T08:00:00Z' };

describe.each(testDialects())('the cap on a patient’s readings, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: () => new Date('2026-11-21T12:00:00Z') });
    s = await careScenario(t);
    // One short of the cap, written straight into the table (the API would take minutes).
    const at =
      dialect === 'postgres'
        ? sql`cast('2020-01-01T00:00:00Z' as timestamptz)`
        : sql`'2020-01-01T00:00:00.000Z'`;
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MAX_MEASUREMENTS_PER_PATIENT - 1})
      insert into measurements (id, patient_id, kind, value, value2, taken_at, note, recorded_by, created_at)
      select 'seeded-' || cast(i as text), ${s.owner.id}, 'weight', 70, null, ${at}, null, ${s.owner.id}, ${at}
      from n`.execute(t.db.kysely);
  });
  afterEach(() => t.close());

  it('takes the last reading under the cap, then answers 409 in words and writes nothing', async () => {
    expect((await callAs(t, s.owner, 'POST', '/api/v1/measurements', READING)).statusCode).toBe(
      201,
    );
    const over = await callAs(t, s.linkedDoctor, 'POST', '/api/v1/measurements', {
      ...READING,
      patientId: s.owner.id,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: { message: string } }>().error.message).toBe(
      'A person may keep at most 100,000 readings; delete old ones to add more.',
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/measurements/import',
      headers: { ...bearer(s.owner), 'content-type': 'text/csv' },
      payload: '2026-11-20T08:00:00Z,heartrate,70,/min\n',
    });
    expect(imported.statusCode).toBe(409);
    const list = await callAs(t, s.owner, 'GET', '/api/v1/measurements?kind=heartrate');
    expect(list.json<MeasurementList>().measurements).toHaveLength(1);
  });
});
