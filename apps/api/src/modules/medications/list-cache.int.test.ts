import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { createTwoInstances, type TwoInstances } from '../../../test/instances.ts';

const medication = {
  name: 'Metformin',
  dosage: '500 mg',
  startdate: '2026-11-01',
  enddate: null,
  timefrequency: 'day',
};

interface Listed {
  medications: Array<{ _id: string; name: string; taken: boolean }>;
  nextCursor: string | null;
}

async function list(t: TestApp, who: TestAccount, query = ''): Promise<Listed> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/medications${query}`,
    headers: bearer(who),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Listed>();
}

async function send(
  t: TestApp,
  who: TestAccount,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: bearer(who),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode).toBeLessThan(300);
  return res;
}

// The list is kept in memory per version of the patient's list (migration 0014's triggers) and per
// day: every change, by any path, on any instance, must show in the very next list.
describe.each(testDialects())('the kept medication list on %s', (dialect) => {
  let t: TestApp;
  let patient: TestAccount;
  let now: Date;
  beforeEach(async () => {
    now = new Date('2026-11-21T12:00:00Z');
    t = await createTestApp(dialect, {}, { clock: () => now });
    patient = await createAccount(t, 'patient');
  });
  afterEach(() => t.close());

  const add = async (name: string) =>
    (await send(t, patient, 'POST', '/api/v1/medications', { ...medication, name })).json<{
      _id: string;
    }>()._id;

  it('shows every change through the API in the next list', async () => {
    const first = await add('First');
    expect((await list(t, patient)).medications.map((m) => m.name)).toEqual(['First']);
    expect((await list(t, patient)).medications.map((m) => m.name)).toEqual(['First']);

    const second = await add('Second');
    expect((await list(t, patient)).medications.map((m) => m.name)).toEqual(['First', 'Second']);

    await send(t, patient, 'PATCH', `/api/v1/medications/${first}`, { taken: true });
    expect((await list(t, patient)).medications.map((m) => m.taken)).toEqual([true, false]);
    await send(t, patient, 'PATCH', `/api/v1/medications/${first}`, { taken: false });
    expect((await list(t, patient)).medications.map((m) => m.taken)).toEqual([false, false]);

    await send(t, patient, 'PUT', `/api/v1/medications/${second}/doses/2026-11-21`, {
      taken: true,
    });
    expect((await list(t, patient)).medications.map((m) => m.taken)).toEqual([false, true]);

    await send(t, patient, 'PUT', `/api/v1/medications/${second}`, {
      ...medication,
      name: 'Renamed',
    });
    expect((await list(t, patient)).medications.map((m) => m.name)).toEqual(['First', 'Renamed']);

    await send(t, patient, 'DELETE', `/api/v1/medications/${first}`);
    expect((await list(t, patient)).medications.map((m) => m.name)).toEqual(['Renamed']);
  });

  it('shows a change written to the database by any other path', async () => {
    const id = await add('Aspirin');
    expect((await list(t, patient)).medications[0]?.taken).toBe(false);
    await sql`insert into doses (medication_id, date, taken, recorded_at) values (${id}, ${'2026-11-21'}, ${true}, ${now.toISOString()})`.execute(
      t.db.kysely,
    );
    expect((await list(t, patient)).medications[0]?.taken).toBe(true);
    await sql`update medications set name = ${'Changed elsewhere'} where id = ${id}`.execute(
      t.db.kysely,
    );
    expect((await list(t, patient)).medications[0]?.name).toBe('Changed elsewhere');
    await sql`delete from doses where medication_id = ${id}`.execute(t.db.kysely);
    expect((await list(t, patient)).medications[0]?.taken).toBe(false);
  });

  it("starts a fresh day's doses at the patient's midnight, and follows a change of time zone", async () => {
    const id = await add('Aspirin');
    await send(t, patient, 'PATCH', `/api/v1/medications/${id}`, { taken: true });
    expect((await list(t, patient)).medications[0]?.taken).toBe(true);
    now = new Date('2026-11-22T00:30:00Z');
    expect((await list(t, patient)).medications[0]?.taken).toBe(false);
    // Still the 21st in New York: that day's dose was taken.
    await send(t, patient, 'PATCH', '/api/v1/me/update', { timezone: 'America/New_York' });
    expect((await list(t, patient)).medications[0]?.taken).toBe(true);
  });

  it('keeps pages apart and never shows one patient another’s list', async () => {
    const other = await createAccount(t, 'patient');
    for (const name of ['A', 'B', 'C']) await add(name);
    const page = await list(t, patient, '?limit=2');
    expect(page.medications.map((m) => m.name)).toEqual(['A', 'B']);
    const rest = await list(
      t,
      patient,
      `?limit=2&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
    );
    expect(rest.medications.map((m) => m.name)).toEqual(['C']);
    expect((await list(t, other)).medications).toEqual([]);
    expect((await list(t, patient, '?limit=2')).medications.map((m) => m.name)).toEqual(['A', 'B']);
  });
});

describe.each(testDialects())('the kept medication list with two instances on %s', (dialect) => {
  let two: TwoInstances;
  let patient: TestAccount;
  beforeEach(async () => {
    two = await createTwoInstances(dialect);
    patient = await createAccount(two.a, 'patient');
  });
  afterEach(() => two.close());

  it('shows a dose ticked through one instance in the next list from the other', async () => {
    const id = (await send(two.a, patient, 'POST', '/api/v1/medications', medication)).json<{
      _id: string;
    }>()._id;
    const today = (await list(two.b, patient)).medications[0];
    expect(today?.taken).toBe(false);
    await send(two.a, patient, 'PATCH', `/api/v1/medications/${id}`, { taken: true });
    expect((await list(two.b, patient)).medications[0]?.taken).toBe(true);
    await send(two.a, patient, 'DELETE', `/api/v1/medications/${id}`);
    expect((await list(two.b, patient)).medications).toEqual([]);
  });
});
