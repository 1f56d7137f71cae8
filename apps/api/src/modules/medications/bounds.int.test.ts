import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_MEDICATIONS, MAX_MEDICATIONS } from '@tend/shared';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { callAs, careAppAtNoon, type CareScenario } from '../../../test/accounts.ts';
import {
  expectBadPageRequestsRefused,
  insertMedicationsDirectly,
  walkPages,
} from '../../../test/pages.ts';

const TODAY = '2026-11-21';
const medication = (name: string, enddate: string | null = null) => ({
  name,
  startdate: '2026-11-01',
  enddate,
  timefrequency: 'day',
});

describe.each(testDialects())('medication lists and caps on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;

  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect, TODAY)));
  afterEach(() => t.close());

  async function addThroughApi(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await callAs(t, s.owner, 'POST', '/api/v1/medications', medication(`Med ${i}`));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ _id: string }>()._id);
    }
    return ids;
  }

  it('pages GET /medications in the order added: every medication once, none missing', async () => {
    const ids = await addThroughApi(7);
    await callAs(t, s.owner, 'PATCH', `/api/v1/medications/${ids[4]}`, { taken: true });
    expect(await walkPages(t, s.owner, '/api/v1/medications', 'medications', 3)).toEqual(ids);
    expect(await walkPages(t, s.owner, '/api/v1/medications', 'medications', 7)).toEqual(ids);
    const second = await callAs(t, s.owner, 'GET', '/api/v1/medications?limit=3');
    const next = await callAs(
      t,
      s.owner,
      'GET',
      `/api/v1/medications?limit=3&cursor=${second.json<{ nextCursor: string }>().nextCursor}`,
    );
    expect(
      next.json<{ medications: { taken: boolean }[] }>().medications.map((m) => m.taken),
    ).toEqual([false, true, false]);
    const all = await callAs(t, s.owner, 'GET', '/api/v1/medications');
    expect(all.json()).toMatchObject({ nextCursor: null });
    expect(all.json<{ medications: unknown[] }>().medications).toHaveLength(7);
  });

  it('refuses a bad limit or cursor with a 400 in words', async () => {
    await expectBadPageRequestsRefused(t, s.owner, '/api/v1/medications');
  });

  it('pages a linked doctor’s tracking view the same way, and refuses bad pages', async () => {
    const ids = await addThroughApi(5);
    const url = `/api/v1/trackmedications/${s.owner.id}`;
    expect(await walkPages(t, s.linkedDoctor, url, 'medications', 2)).toEqual(ids);
    await expectBadPageRequestsRefused(t, s.linkedDoctor, url);
  });

  it(`stops at ${MAX_ACTIVE_MEDICATIONS} current medications with a 409 in words, and adds nothing`, async () => {
    await insertMedicationsDirectly(t, s.owner.id, MAX_ACTIVE_MEDICATIONS - 1);
    await insertMedicationsDirectly(t, s.owner.id, 3, { enddate: '2026-11-20', name: 'Ended' });
    const last = await callAs(t, s.owner, 'POST', '/api/v1/medications', medication('Last one'));
    expect(last.statusCode, last.body).toBe(201);

    const over = await callAs(t, s.owner, 'POST', '/api/v1/medications', medication('One more'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'too_many_medications' });
    expect(over.json().error.message).toContain(String(MAX_ACTIVE_MEDICATIONS));

    // An ended one can still be recorded, but not brought back while the list is full.
    const ended = await callAs(
      t,
      s.owner,
      'POST',
      '/api/v1/medications',
      medication('Past course', '2026-11-10'),
    );
    expect(ended.statusCode, ended.body).toBe(201);
    const revive = await callAs(t, s.owner, 'PATCH', `/api/v1/medications/${ended.json()._id}`, {
      enddate: null,
    });
    expect(revive.statusCode).toBe(409);
    expect((await t.db.kysely.selectFrom('medications').select('id').execute()).length).toBe(
      MAX_ACTIVE_MEDICATIONS + 3 + 1,
    );
  });

  it('lets racing requests fill the last places and no more', async () => {
    await insertMedicationsDirectly(t, s.owner.id, MAX_ACTIVE_MEDICATIONS - 3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callAs(t, s.owner, 'POST', '/api/v1/medications', medication(`Racer ${i}`)),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, ...Array<number>(17).fill(409)]);
    const rows = await t.db.kysely
      .selectFrom('medications')
      .select('id')
      .where('patient_id', '=', s.owner.id)
      .execute();
    expect(rows).toHaveLength(MAX_ACTIVE_MEDICATIONS);
  });

  it('answers 40 000 medications page by page (never a 500), and refuses more past the total cap', async () => {
    await insertMedicationsDirectly(t, s.owner.id, 40_000, { enddate: '2020-12-31' });
    const [current] = await addThroughApiBeforeCap();
    const first = await callAs(t, s.owner, 'GET', '/api/v1/medications');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ medications: unknown[] }>().medications).toHaveLength(50);
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await callAs(
      t,
      s.owner,
      'GET',
      `/api/v1/medications?limit=100&cursor=${cursor}`,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json<{ medications: unknown[] }>().medications).toHaveLength(100);

    expect((await callAs(t, s.owner, 'GET', `/api/v1/medications/${current}`)).statusCode).toBe(
      200,
    );
    expect((await callAs(t, s.owner, 'GET', '/api/v1/medications/adherence')).statusCode).toBe(200);
    const tracking = await callAs(
      t,
      s.linkedDoctor,
      'GET',
      `/api/v1/trackmedications/${s.owner.id}`,
    );
    expect(tracking.statusCode).toBe(200);
    expect((await callAs(t, s.linkedDoctor, 'GET', '/api/v1/patients')).statusCode).toBe(200);

    const over = await callAs(t, s.owner, 'POST', '/api/v1/medications', medication('More'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(String(MAX_MEDICATIONS));
  }, 120_000);

  // The one medication of today whose dose is ticked: the taken-today join must find it among 40 000.
  async function addThroughApiBeforeCap() {
    const id = `current-${s.owner.id}`;
    await insertMedicationsDirectly(t, s.owner.id, 1, { id, name: 'Current', enddate: null });
    const ticked = await callAs(t, s.owner, 'PATCH', `/api/v1/medications/${id}`, { taken: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ taken: true });
    return [id];
  }
});
