import { expect } from 'vitest';
import type { Insertable } from 'kysely';
import type { MedicationsTable, UsersTable } from '../src/db/schema.ts';
import type { TestApp } from './helper.ts';
import { callAs } from './accounts.ts';

/**
 * Follows nextCursor from the first page to the last and returns every id seen, in order. Each page
 * must hold `limit` items except the last, which ends with nextCursor null.
 */
export async function walkPages(
  t: TestApp,
  who: { accessToken: string },
  url: string,
  listKey: string,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  const separator = url.includes('?') ? '&' : '?';
  for (let pageNumber = 0; pageNumber < 1000; pageNumber += 1) {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await callAs(t, who, 'GET', `${url}${separator}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown>>();
    const items = body[listKey] as { _id: string }[];
    cursor = body.nextCursor as string | null;
    if (cursor !== null) expect(items).toHaveLength(limit);
    else expect(items.length).toBeLessThanOrEqual(limit);
    ids.push(...items.map((i) => i._id));
    if (cursor === null) return ids;
  }
  throw new Error(`${url} never reached its last page`);
}

/** The 400s every list answers for a bad page request, in the error shape with a sentence. */
export async function expectBadPageRequestsRefused(
  t: TestApp,
  who: { accessToken: string },
  url: string,
) {
  const separator = url.includes('?') ? '&' : '?';
  const bad = [
    'limit=0',
    'limit=101',
    'limit=2.5',
    'limit=ten',
    'cursor=',
    'cursor=not*base64',
    `cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
    `cursor=${Buffer.from('["only-one"]').toString('base64url')}`,
    `cursor=${Buffer.from('["not a date","x"]').toString('base64url')}`,
    `cursor=${Buffer.from('["2026-02-30T00:00:00.000Z","x"]').toString('base64url')}`,
    `cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","\\u0000"]').toString('base64url')}`,
    `cursor=${'A'.repeat(600)}`,
  ];
  for (const query of bad) {
    const res = await callAs(t, who, 'GET', `${url}${separator}${query}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.message.length).toBeGreaterThan(10);
  }
}

const ROWS_PER_INSERT = 1000; // well under either database's limit on bound variables
let batches = 0;

/** Many medications at once, straight into the database (the API would take minutes). */
export async function insertMedicationsDirectly(
  t: TestApp,
  patientId: string,
  count: number,
  fields: Partial<Insertable<MedicationsTable>> = {},
) {
  const now = new Date('2020-01-01T00:00:00.000Z').toISOString();
  batches += 1;
  const batch = batches;
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, i) => ({
        id: `bulk-${patientId}-${batch}-${String(start + i).padStart(6, '0')}`,
        patient_id: patientId,
        name: `Bulk ${start + i}`,
        startdate: '2019-01-01',
        enddate: null,
        timefrequency: 'day' as const,
        created_at: now,
        updated_at: now,
        ...fields,
      }));
      await trx.insertInto('medications').values(rows).execute();
    }
  });
}

/** Accounts straight into the database (they cannot sign in), for caps and long lists. */
export async function insertUsersDirectly(
  t: TestApp,
  count: number,
  userType: 'patient' | 'doctor',
  lastname: string,
) {
  const now = new Date().toISOString();
  const rows: Insertable<UsersTable>[] = Array.from({ length: count }, (_, i) => {
    const id = `${userType}-${lastname}-${String(i).padStart(4, '0')}`;
    return {
      id,
      email: `${id}@example.org`,
      email_normalized: `${id}@example.org`,
      password_hash: 'not-a-real-hash',
      user_type: userType,
      firstname: 'Bulk',
      lastname,
      created_at: now,
      updated_at: now,
    };
  });
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_INSERT / 10) {
      await trx
        .insertInto('users')
        .values(rows.slice(start, start + ROWS_PER_INSERT / 10))
        .execute();
    }
  });
  return rows.map((r) => r.id);
}

/** Care links straight into the database, one per pair, a second apart so their order is known. */
export async function insertLinksDirectly(
  t: TestApp,
  pairs: [patientId: string, doctorId: string][],
) {
  const rows = pairs.map(([patient_id, doctor_id], i) => ({
    id: `link-${patient_id}-${doctor_id}`,
    patient_id,
    doctor_id,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  }));
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT / 4) {
      await trx
        .insertInto('care_links')
        .values(rows.slice(start, start + ROWS_PER_INSERT / 4))
        .execute();
    }
  });
  return rows.map((r) => r.id);
}
