import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/database.ts';
import { multipartBody, pdf, png } from './upload-files.ts';
import { createTestApp, testDialects, type TestApp } from './helper.ts';
import { countKeptAnswers } from './kept-answer-hits.ts';
import { bearer, callAs, careScenario, createAccount, type TestAccount } from './accounts.ts';
import {
  PRESCRIPTION,
  permissionTable,
  type Caller,
  type Ids,
  type Row,
  type Scene,
} from './permission-table.ts';

const TABLE_FILE = 'apps/api/test/permission-table.ts';

/** `METHOD path` of every operation the app's OpenAPI document describes. */
function documentedOperations(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

async function buildScene(t: TestApp): Promise<Scene> {
  const s = await careScenario(t);
  const call = (who: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    callAs(t, who, method, url, body);
  const med = await call(s.owner, 'POST', '/api/v1/medications', {
    name: 'Metformin',
    startdate: '2026-11-01',
    timefrequency: 'day',
  });
  await call(s.linkedDoctor, 'PUT', '/api/v1/me/availability', {
    timezone: 'UTC',
    slotminutes: 30,
    weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
    daysoff: [],
  });
  const book = async (start: string) => {
    const visit = await call(s.owner, 'POST', '/api/v1/appointments', {
      doctorId: s.linkedDoctor.id,
      start,
      type: 'online',
      purpose: 'Review of medications',
    });
    return visit.json<{ _id: string }>()._id;
  };
  const report = await t.app.inject(upload(s.owner, 'POST', '/api/v1/reports', 'pdf', {}));
  await t.app.inject(upload(s.owner, 'PUT', '/api/v1/me/avatar', 'png', {}));
  const conversation = await call(s.owner, 'POST', '/api/v1/conversations', {
    withUserId: s.linkedDoctor.id,
  });
  const prescription = await call(s.linkedDoctor, 'POST', '/api/v1/prescriptions', {
    patientId: s.owner.id,
    ...PRESCRIPTION,
  });
  const pharmacy = await createAccount(t, 'pharmacy');
  const otherPharmacy = await createAccount(t, 'pharmacy');
  const ids = {
    owner: s.owner.id,
    doctor: s.linkedDoctor.id,
    medication: med.json<{ _id: string }>()._id,
    link: s.linkId,
    appointment: await book('2026-11-23T09:00:00Z'),
    report: report.json<{ _id: string }>()._id,
    conversation: conversation.json<{ _id: string }>()._id,
    prescription: prescription.json<{ _id: string }>()._id,
    prescriptionCode: prescription.json<{ code: string }>().code,
    pharmacy: pharmacy.id,
  };
  for (const [name, id] of Object.entries(ids)) {
    if (typeof id !== 'string') throw new Error(`the scenario made no ${name}`);
  }
  return { t, s, ids, book, pharmacy, otherPharmacy };
}

let smallPng: Buffer | undefined;

function upload(
  who: TestAccount | null,
  method: 'POST' | 'PUT',
  url: string,
  file: 'pdf' | 'png',
  fields: Record<string, string>,
): InjectOptions {
  const data = file === 'pdf' ? pdf() : (smallPng ?? Buffer.alloc(0));
  const form = multipartBody(
    { title: 'Blood test', ...fields },
    { filename: `a.${file}`, contentType: file === 'pdf' ? 'application/pdf' : 'image/png', data },
  );
  return {
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(who ? bearer(who) : {}) },
  };
}

/** The address a row calls: its own, or the documented path with the scene's id in `{id}`. */
function urlOf(row: Row, path: string, ids: Ids): string {
  if (row.url) return row.url(ids);
  return row.id ? path.replace('{id}', ids[row.id] ?? '') : path;
}

/** One caller's request of a row, as the row describes it. */
async function callRow(scene: Scene, key: string, row: Row, caller: Caller): Promise<number> {
  const [method = 'GET', path = ''] = key.split(' ');
  const who =
    caller === 'anonymous'
      ? null
      : caller === 'pharmacy' || caller === 'otherPharmacy'
        ? scene[caller]
        : scene.s[caller];
  const url = urlOf(row, path, scene.ids);
  if (row.multipart) {
    const options = upload(
      who,
      method as 'POST' | 'PUT',
      url,
      row.multipart.file,
      row.multipart.fields?.(scene.ids) ?? {},
    );
    return (await scene.t.app.inject(options)).statusCode;
  }
  const body: object | undefined =
    typeof row.body === 'function' ? (row.body(scene.ids, caller) as object) : row.body;
  const headers: Record<string, string> = who ? bearer(who) : {};
  if (row.refreshCookie && who) headers.cookie = who.refreshCookie;
  if (row.csv !== undefined) headers['content-type'] = 'text/csv';
  const res = await scene.t.app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(body ? { payload: body } : {}),
    ...(row.csv !== undefined ? { payload: row.csv } : {}),
    ...(row.stream ? { payloadAsStream: true } : {}),
  });
  if (row.stream) res.stream().destroy();
  return res.statusCode;
}

/**
 * Every documented operation called by each kind of person (permission-table.ts), on one database.
 * One test file per database, so the two halves run side by side (apps/api/src/permissions.*.int.test.ts).
 */
export function describePermissions(dialect: Dialect): void {
  describe.skipIf(!testDialects().includes(dialect))(`who may call what, on ${dialect}`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect, {}, { clock: () => new Date('2026-11-21T12:00:00Z') });
      smallPng ??= await png();
    });
    afterEach(() => t.close());

    it(`every documented operation has a row in ${TABLE_FILE}, and every row an operation`, () => {
      const documented = documentedOperations(t);
      const missing = documented.filter((op) => !(op in permissionTable));
      const stale = Object.keys(permissionTable).filter((op) => !documented.includes(op));
      expect(missing, `add a row to ${TABLE_FILE} for each of these`).toEqual([]);
      expect(stale, `these rows of ${TABLE_FILE} name no documented operation`).toEqual([]);
    });

    for (const [key, row] of Object.entries(permissionTable)) {
      const expected = Object.entries(row.expect).map(([who, status]) => `${who} ${status}`);
      it(`${key}: ${expected.join(', ')}`, async () => {
        const scene = await buildScene(t);
        await row.before?.(scene);
        // The owner goes last, and the other pharmacy before the scene's: a change by the one it
        // concerns must not hide what the others would have got.
        const order: Caller[] = [
          'anonymous',
          'otherPatient',
          'linkedDoctor',
          'unlinkedDoctor',
          'otherPharmacy',
          'pharmacy',
          'owner',
        ];
        const got: Partial<Record<Caller, number>> = {};
        for (const caller of order) {
          if (caller === 'owner') await row.beforeOwner?.(scene);
          got[caller] = await callRow(scene, key, row, caller);
        }
        expect(got).toEqual(row.expect);
        // A signed-in GET again, every caller's answer kept (kept-answers.ts): the gates still
        // decide (docs/decisions/047), and every 200 is given from memory, which proves the
        // answers were warm. A first read that wrote (a calendar's secret, the rollup of
        // readings) kept nothing, and a later one's write dropped what earlier ones kept: then
        // once more, with the answers all kept by the pass before.
        if (key.startsWith('GET ') && row.expect.anonymous === 401 && !row.stream) {
          const answered = row.neverKept ? 0 : order.filter((c) => got[c] === 200).length;
          for (let pass = 1; pass <= 2; pass++) {
            const hits = countKeptAnswers();
            try {
              const warm: Partial<Record<Caller, number>> = {};
              for (const caller of order) warm[caller] = await callRow(scene, key, row, caller);
              expect(warm, 'asked again, the kept answers warm').toEqual(row.expect);
              if (hits.count === answered) break;
              if (pass === 2) expect(hits.count, 'answers given from memory').toBe(answered);
            } finally {
              hits.stop();
            }
          }
        }
      });
    }
  });
}
