import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects, type TestApp } from '../test/helper.ts';
import { multipartBody, png } from '../test/upload-files.ts';
import {
  bearer,
  callAs,
  createAccount,
  type CareScenario,
  type TestAccount,
  careAppAtNoon,
} from '../test/accounts.ts';

/**
 * Every unique index a request can reach, hit by several requests at the same moment: one wins,
 * the rest get the index's 409 in words (or, where the write is an upsert or idempotent, the same
 * answer), and none a 5xx, on both databases. Each request is its own connection on PostgreSQL.
 */
const AT_ONCE = 8;

function statuses(answers: LightMyRequestResponse[]) {
  return answers.map((a) => a.statusCode).sort();
}

function expectOneWinner(answers: LightMyRequestResponse[], won: number, code: string) {
  expect(statuses(answers)).toEqual([won, ...Array<number>(AT_ONCE - 1).fill(409)].sort());
  for (const lost of answers.filter((a) => a.statusCode === 409)) {
    expect(lost.json()).toMatchObject({
      error: { code, message: expect.stringMatching(/^[A-Z].+\.$/) as string },
    });
  }
}

describe.each(testDialects())('unique indexes raced by requests, on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;
  beforeEach(async () => ({ t, s } = await careAppAtNoon(dialect)));
  afterEach(() => t.close());

  const atOnce = (request: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: AT_ONCE }, (_, i) => request(i)));
  const patients = async () =>
    Promise.all(Array.from({ length: AT_ONCE }, () => createAccount(t, 'patient')));
  /** How many rows of a table hold this value: what the raced index let through. */
  const rowsWith = async (table: string, column: string, value: string) => {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}
    `.execute(t.db.kysely);
    return Number(rows[0]?.n);
  };

  it('care_links (patient, doctor): one share is made, the rest 409 already_shared', async () => {
    const answers = await atOnce(() =>
      callAs(t, s.otherPatient, 'POST', '/api/v1/care-links', { doctorId: s.unlinkedDoctor.id }),
    );
    expectOneWinner(answers, 201, 'already_shared');
    expect(await rowsWith('care_links', 'patient_id', s.otherPatient.id)).toBe(1);
  });

  describe('appointments', () => {
    const SLOT = '2026-11-23T09:00:00Z';
    beforeEach(async () => {
      await callAs(t, s.linkedDoctor, 'PUT', '/api/v1/me/availability', {
        timezone: 'UTC',
        slotminutes: 30,
        weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
        daysoff: [],
      });
    });
    const book = (who: TestAccount) =>
      callAs(t, who, 'POST', '/api/v1/appointments', {
        doctorId: s.linkedDoctor.id,
        start: SLOT,
        type: 'in_person',
        purpose: 'Check-up',
      });

    it('the live slot (doctor, start): one patient books it, the rest 409 slot_taken', async () => {
      const people = await patients();
      expectOneWinner(await atOnce((i) => book(people[i] as TestAccount)), 201, 'slot_taken');
    });

    it('accepting one visit 8 times at once: one acceptance, the rest 409, and one care link', async () => {
      const id = (await book(s.otherPatient)).json<{ _id: string }>()._id;
      const answers = await atOnce(() =>
        callAs(t, s.linkedDoctor, 'POST', `/api/v1/appointments/${id}/accept`),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(AT_ONCE - 1);
      expect(await rowsWith('care_links', 'patient_id', s.otherPatient.id)).toBe(1);
    });

    it('care_links (patient, doctor) from the doctor’s side: accepting six visits of one new patient at once links them once', async () => {
      const starts = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
      const ids: string[] = [];
      for (const time of starts) {
        const res = await callAs(t, s.otherPatient, 'POST', '/api/v1/appointments', {
          doctorId: s.linkedDoctor.id,
          start: `2026-11-23T${time}:00Z`,
          type: 'in_person',
          purpose: 'Check-up',
        });
        ids.push(res.json<{ _id: string }>()._id);
      }
      const answers = await Promise.all(
        ids.map((id) => callAs(t, s.linkedDoctor, 'POST', `/api/v1/appointments/${id}/accept`)),
      );
      expect(statuses(answers)).toEqual(Array<number>(starts.length).fill(200));
      expect(await rowsWith('care_links', 'patient_id', s.otherPatient.id)).toBe(1);
    });

    it('paying one visit 8 times at once: one payment (and receipt number) is recorded, the rest 409', async () => {
      const id = (await book(s.owner)).json<{ _id: string }>()._id;
      await callAs(t, s.linkedDoctor, 'POST', `/api/v1/appointments/${id}/accept`);
      const answers = await atOnce(() =>
        callAs(t, s.linkedDoctor, 'POST', `/api/v1/appointments/${id}/payment`, {
          amount: 40,
          method: 'cash',
        }),
      );
      expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(AT_ONCE - 1);
    });

    it('appointment_reviews (appointment): one review is kept, the rest 409 already_reviewed', async () => {
      const id = (await book(s.owner)).json<{ _id: string }>()._id;
      await t.db.kysely
        .updateTable('appointments')
        .set({ status: 'completed' })
        .where('id', '=', id)
        .execute();
      const answers = await atOnce(() =>
        callAs(t, s.owner, 'POST', `/api/v1/appointments/${id}/review`, {
          rating: 5,
          recommend: true,
          comment: 'Kind and clear.',
        }),
      );
      expectOneWinner(answers, 201, 'already_reviewed');
    });
  });

  it('conversations (patient, doctor): opened once; every caller gets that one', async () => {
    const answers = await atOnce(() =>
      callAs(t, s.owner, 'POST', '/api/v1/conversations', { withUserId: s.linkedDoctor.id }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<{ _id: string }>()._id)).size).toBe(1);
  });

  it('push_subscriptions (endpoint): one browser subscribed by several people at once ends with one of them', async () => {
    const people = await patients();
    const endpoint = 'https://push.example.org/one-shared-browser';
    const answers = await atOnce((i) =>
      callAs(t, people[i] as TestAccount, 'POST', '/api/v1/push/subscriptions', {
        endpoint,
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
      }),
    );
    // It moves to whoever subscribes it last (a browser now used by another person), so all win.
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(201));
    expect(await rowsWith('push_subscriptions', 'endpoint', endpoint)).toBe(1);
  });

  it('users (email): registrations of one address at once all answer alike; one account is made', async () => {
    const email = 'same.person@example.org';
    const answers = await atOnce((i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: `10.9.0.${i + 1}`,
        payload: {
          email,
          password: 'a-long enough passphrase',
          firstname: 'Same',
          lastname: 'Person',
          userType: 'patient',
        },
      }),
    );
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(201));
    expect(await rowsWith('users', 'email_normalized', email)).toBe(1);
  });

  it('the rows kept one per person or per day (upserts) answer every caller alike', async () => {
    const med = await callAs(t, s.owner, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    const medId = med.json<{ _id: string }>()._id;
    const answers = [
      ...(await atOnce(() =>
        callAs(t, s.owner, 'PUT', `/api/v1/medications/${medId}/doses/2026-11-20`, {
          taken: true,
        }),
      )),
      ...(await atOnce(() =>
        callAs(t, s.unlinkedDoctor, 'PUT', '/api/v1/me/availability', {
          timezone: 'UTC',
          slotminutes: 30,
          weekly: [{ weekday: 2, start: '09:00', end: '10:00' }],
          daysoff: [],
        }),
      )),
      ...(await atOnce(() =>
        callAs(t, s.otherPatient, 'PUT', '/api/v1/me/notification-settings', {
          email: false,
          push: true,
          remindertimes: { day: '08:30', afternoon: '14:00', night: '21:00' },
        }),
      )),
      ...(await atOnce(() => callAs(t, s.otherPatient, 'GET', '/api/v1/me/calendar'))),
      ...(await atOnce(async () => {
        const form = multipartBody(
          {},
          { filename: 'me.png', contentType: 'image/png', data: await png() },
        );
        return t.app.inject({
          method: 'PUT',
          url: '/api/v1/me/avatar',
          payload: form.payload,
          headers: { ...form.headers, ...bearer(s.otherPatient) },
        });
      })),
    ];
    expect(new Set(statuses(answers))).toEqual(new Set([200]));
  });
});
