import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { callsOn, careScenario, type CareScenario } from '../../../test/accounts.ts';

const TODAY = '2026-11-21';
const valid = {
  name: 'Metformin',
  description: 'Take with food',
  dosage: '500 mg',
  note: 'From Dr. Who',
  startdate: '2026-11-01',
  enddate: '2026-12-31',
  timefrequency: 'day',
};

describe.each(testDialects())('medications API on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  let now: Date;
  let medicationId: string;

  beforeEach(async () => {
    now = new Date(`${TODAY}T12:00:00Z`);
    t = await createTestApp(dialect, {}, { clock: () => now });
    s = await careScenario(t);
    const created = await call(s.owner, 'POST', '/api/v1/medications', valid);
    medicationId = created.json<{ _id: string }>()._id;
  });
  afterEach(() => t.close());

  const call = callsOn(() => t);
  const count = async () =>
    (await t.db.kysely.selectFrom('medications').select('id').execute()).length;

  describe('who may do what', () => {
    const routes: Array<
      [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', (id: string) => string, object?]
    > = [
      ['read one', 'GET', (id) => `/api/v1/medications/${id}`],
      ['replace', 'PUT', (id) => `/api/v1/medications/${id}`, { ...valid, name: 'Changed' }],
      ['change', 'PATCH', (id) => `/api/v1/medications/${id}`, { taken: true }],
      ['dose history', 'GET', (id) => `/api/v1/medications/${id}/doses`],
      [
        'record a dose',
        'PUT',
        (id) => `/api/v1/medications/${id}/doses/2026-11-20`,
        { taken: true },
      ],
      ['delete', 'DELETE', (id) => `/api/v1/medications/${id}`],
    ];

    for (const [name, method, url, payload] of routes) {
      it(`${name}: anonymous 401, owner 2xx, another patient 404, doctors 403`, async () => {
        expect((await call(null, method, url(medicationId), payload)).statusCode).toBe(401);
        expect((await call(s.otherPatient, method, url(medicationId), payload)).statusCode).toBe(
          404,
        );
        expect((await call(s.linkedDoctor, method, url(medicationId), payload)).statusCode).toBe(
          403,
        );
        expect((await call(s.unlinkedDoctor, method, url(medicationId), payload)).statusCode).toBe(
          403,
        );
        expect(await count()).toBe(1);
        const own = await call(s.owner, method, url(medicationId), payload);
        expect(own.statusCode).toBeGreaterThanOrEqual(200);
        expect(own.statusCode).toBeLessThan(300);
      });
    }

    it('list: each patient sees only their own; doctors are refused', async () => {
      expect((await call(null, 'GET', '/api/v1/medications')).statusCode).toBe(401);
      const own = await call(s.owner, 'GET', '/api/v1/medications');
      expect(own.json().medications.map((m: { _id: string }) => m._id)).toEqual([medicationId]);
      expect((await call(s.otherPatient, 'GET', '/api/v1/medications')).json()).toEqual({
        medications: [],
        nextCursor: null,
      });
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/medications')).statusCode).toBe(403);
      expect((await call(s.unlinkedDoctor, 'GET', '/api/v1/medications')).statusCode).toBe(403);
    });

    it('create: patients only', async () => {
      expect((await call(null, 'POST', '/api/v1/medications', valid)).statusCode).toBe(401);
      expect((await call(s.linkedDoctor, 'POST', '/api/v1/medications', valid)).statusCode).toBe(
        403,
      );
      expect((await call(s.otherPatient, 'POST', '/api/v1/medications', valid)).statusCode).toBe(
        201,
      );
      expect((await call(s.owner, 'GET', '/api/v1/medications')).json().medications).toHaveLength(
        1,
      );
    });

    it('a made-up id is 404 for its would-be owner too', async () => {
      expect((await call(s.owner, 'GET', '/api/v1/medications/not-a-real-id')).statusCode).toBe(
        404,
      );
    });
  });

  describe('fields', () => {
    it('creates with every field and answers 201 with _id and taken', async () => {
      const res = await call(s.owner, 'POST', '/api/v1/medications', {
        ...valid,
        timefrequency: 'night',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        _id: expect.any(String),
        ...valid,
        timefrequency: 'night',
        taken: false,
        // Only a pharmacy's dispensing links one to a prescription (prescriptions/fills.int.test.ts).
        prescriptionId: null,
        supply: null,
      });
    });

    it('needs only name, start date and time of day', async () => {
      const res = await call(s.owner, 'POST', '/api/v1/medications', {
        name: 'Vitamin D',
        startdate: TODAY,
        timefrequency: 'day',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        description: null,
        dosage: null,
        note: null,
        enddate: null,
      });
    });

    it.each([
      [{ name: undefined }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ startdate: '2026-02-30' }, 'startdate'],
      [{ startdate: 'yesterday' }, 'startdate'],
      [{ enddate: '2026-10-01' }, 'enddate'],
      [{ timefrequency: 'morning' }, 'timefrequency'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ taken: true }, 'taken'],
      [{ patient_id: 'someone-else' }, 'patient_id'],
    ])('refuses %o on create with 400 naming %s, storing nothing', async (change, field) => {
      const res = await call(s.owner, 'POST', '/api/v1/medications', { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect(await count()).toBe(1);
    });

    it.each([
      [{ enddate: '2026-10-01' }, 'enddate'],
      [{ startdate: '2027-01-05' }, 'enddate'],
      [{ taken: 'yes' }, 'taken'],
      [{ timefrequency: '' }, 'timefrequency'],
      [{ _id: 'x' }, '_id'],
    ])('refuses %o on PATCH with 400 naming %s, changing nothing', async (change, field) => {
      const before = (await call(s.owner, 'GET', `/api/v1/medications/${medicationId}`)).json();
      const res = await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, change);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect((await call(s.owner, 'GET', `/api/v1/medications/${medicationId}`)).json()).toEqual(
        before,
      );
    });

    it('PUT replaces every field and refuses a partial body', async () => {
      expect(
        (await call(s.owner, 'PUT', `/api/v1/medications/${medicationId}`, { name: 'Only a name' }))
          .statusCode,
      ).toBe(400);
      const res = await call(s.owner, 'PUT', `/api/v1/medications/${medicationId}`, {
        name: 'Aspirin',
        startdate: '2026-11-02',
        timefrequency: 'afternoon',
      });
      expect(res.json()).toMatchObject({
        name: 'Aspirin',
        description: null,
        dosage: null,
        enddate: null,
        timefrequency: 'afternoon',
      });
    });

    it('DELETE removes the medication and its doses', async () => {
      await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, { taken: true });
      expect(
        (await call(s.owner, 'DELETE', `/api/v1/medications/${medicationId}`)).statusCode,
      ).toBe(204);
      expect(await count()).toBe(0);
      expect(await t.db.kysely.selectFrom('doses').selectAll().execute()).toEqual([]);
      expect((await call(s.owner, 'GET', `/api/v1/medications/${medicationId}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('doses', () => {
    const list = async () =>
      (await call(s.owner, 'GET', '/api/v1/medications')).json().medications[0];

    it('PATCH taken records today’s dose; the next day starts unticked', async () => {
      expect((await list()).taken).toBe(false);
      const res = await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, {
        taken: true,
      });
      expect(res.json().taken).toBe(true);
      expect((await list()).taken).toBe(true);
      now = new Date('2026-11-22T12:00:00Z');
      expect((await list()).taken).toBe(false);
      const history = await call(
        s.owner,
        'GET',
        `/api/v1/medications/${medicationId}/doses?from=2026-11-20&to=2026-11-22`,
      );
      expect(history.json()).toEqual({
        from: '2026-11-20',
        to: '2026-11-22',
        doses: [{ date: TODAY, taken: true }],
      });
    });

    it('uses the patient’s time zone: 23:59 and 00:01 are different days', async () => {
      await call(s.owner, 'PATCH', '/api/v1/me/update', { timezone: 'America/New_York' });
      now = new Date('2026-11-22T04:59:00Z'); // 23:59 on 21 Nov in New York
      await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, { taken: true });
      now = new Date('2026-11-22T05:01:00Z'); // 00:01 on 22 Nov in New York
      expect((await list()).taken).toBe(false);
      const history = await call(s.owner, 'GET', `/api/v1/medications/${medicationId}/doses`);
      expect(history.json().doses).toEqual([{ date: '2026-11-21', taken: true }]);
    });

    it('can untick, and a tick can be recorded for a past day in the window', async () => {
      await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, { taken: true });
      await call(s.owner, 'PATCH', `/api/v1/medications/${medicationId}`, { taken: false });
      expect((await list()).taken).toBe(false);
      const past = await call(
        s.owner,
        'PUT',
        `/api/v1/medications/${medicationId}/doses/2026-11-05`,
        { taken: true },
      );
      expect(past.json()).toEqual({ date: '2026-11-05', taken: true });
    });

    it.each([
      ['2026-11-22', 'date', 'future_date'],
      ['2026-10-31', 'date', 'outside_window'],
      ['2026-11-31', 'date', 'invalid_input'],
    ])('refuses a dose on %s with 400 naming %s', async (date, field, code) => {
      const res = await call(s.owner, 'PUT', `/api/v1/medications/${medicationId}/doses/${date}`, {
        taken: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect(await t.db.kysely.selectFrom('doses').selectAll().execute()).toEqual([]);
    });

    it('refuses today’s tick for a medication not due today', async () => {
      const later = await call(s.owner, 'POST', '/api/v1/medications', {
        ...valid,
        startdate: '2026-12-01',
      });
      const res = await call(s.owner, 'PATCH', `/api/v1/medications/${later.json()._id}`, {
        taken: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('not_due_today');
    });

    it('reports my adherence over the last 7 days', async () => {
      for (const date of ['2026-11-15', '2026-11-17', TODAY]) {
        await call(s.owner, 'PUT', `/api/v1/medications/${medicationId}/doses/${date}`, {
          taken: true,
        });
      }
      const res = await call(s.owner, 'GET', '/api/v1/medications/adherence?days=7');
      expect(res.json()).toEqual({
        from: '2026-11-15',
        to: TODAY,
        total: { taken: 3, due: 7 },
        medications: [
          {
            _id: medicationId,
            name: 'Metformin',
            timefrequency: 'day',
            adherence: { taken: 3, due: 7 },
          },
        ],
      });
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/medications/adherence')).statusCode).toBe(
        403,
      );
    });

    it('says the time of day of each entry of a medicine taken at several times', async () => {
      const night = await call(s.owner, 'POST', '/api/v1/medications', {
        ...valid,
        timefrequency: 'night',
      });
      const res = await call(s.owner, 'GET', '/api/v1/medications/adherence?days=7');
      const entries = res.json().medications as {
        _id: string;
        name: string;
        timefrequency: string;
      }[];
      expect(entries.map((m) => [m._id, m.name, m.timefrequency])).toEqual([
        [medicationId, 'Metformin', 'day'],
        [night.json()._id, 'Metformin', 'night'],
      ]);
    });
  });
});
