import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/database.ts';
import { multipartBody, pdf, png } from './upload-files.ts';
import { createTestApp, testDialects, type TestApp } from './helper.ts';
import { countKeptAnswers } from './kept-answer-hits.ts';
import { bearer, callAs, careScenario, createAccount, type TestAccount } from './accounts.ts';
import { CAREGIVER_AREA_EXTENSION } from '../src/plugins/openapi.ts';
import {
  CARERS,
  PRESCRIPTION,
  onBehalfTable,
  permissionTable,
  type Caller,
  type Carer,
  type Ids,
  type OnBehalfCaller,
  type OnBehalfRow,
  type Row,
  type Scene,
} from './permission-table.ts';

const TABLE_FILE = 'apps/api/test/permission-table.ts';

type Operations = Record<string, Record<string, Record<string, unknown>>>;

/** `METHOD path` of every operation the app's OpenAPI document describes (`only` those it picks). */
function documentedOperations(
  t: TestApp,
  only: (operation: Record<string, unknown>, path: string) => boolean = () => true,
): string[] {
  const doc = t.app.swagger() as { paths?: Operations };
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => only(operation, path))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

/**
 * The owner's caregivers (permission-table.ts CARERS): each invited with its areas and accepted;
 * the removed one then removed, and the other patient's caregiver invited by the other patient.
 * The owner's relation with the caregiver of `medications` is `ids.carerRelation`.
 */
async function addCarers(scene: Scene): Promise<void> {
  const { t, s, ids } = scene;
  const carers = {} as Record<Carer, TestAccount>;
  for (const [carer, areas] of Object.entries(CARERS) as [Carer, readonly string[]][]) {
    const account = await createAccount(t, 'patient');
    const patient = carer === 'othersCarer' ? s.otherPatient : s.owner;
    const invited = await callAs(t, patient, 'POST', '/api/v1/caregivers', {
      email: account.email,
      areas,
    });
    const id = invited.json<{ _id: string }>()._id;
    const accepted = await callAs(t, account, 'POST', `/api/v1/caregivers/${id}/accept`, {});
    if (accepted.statusCode !== 200) throw new Error(`${carer} not accepted: ${accepted.body}`);
    if (carer === 'removedCarer') {
      const removed = await callAs(t, patient, 'DELETE', `/api/v1/caregivers/${id}`);
      if (removed.statusCode !== 204) throw new Error(`${carer} not removed: ${removed.body}`);
    }
    if (carer === 'medicationsCarer') ids.carerRelation = id;
    carers[carer] = account;
  }
  scene.carers = carers;
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
function urlOf(row: Pick<Row, 'url' | 'id'>, path: string, ids: Ids): string {
  if (row.url) return row.url(ids);
  return row.id ? path.replace('{id}', ids[row.id] ?? '') : path;
}

/** The account a caller of either table signs in as; null for anonymous. */
function accountOf(scene: Scene, caller: Caller | OnBehalfCaller): TestAccount | null {
  if (caller === 'anonymous') return null;
  if (caller === 'pharmacy' || caller === 'otherPharmacy') return scene[caller];
  if (caller in CARERS) {
    const carer = scene.carers?.[caller as Carer];
    if (!carer) throw new Error(`the scene has no ${caller}`);
    return carer;
  }
  return scene.s[caller as keyof typeof scene.s] as TestAccount;
}

/** One caller's request of a row, as the row describes it. */
async function callRow<C extends Caller | OnBehalfCaller>(
  scene: Scene,
  key: string,
  row: Omit<Row, 'body' | 'expect'> & { body?: object | ((ids: Ids, caller: C) => object) },
  caller: C,
): Promise<number> {
  const [method = 'GET', path = ''] = key.split(' ');
  const who = accountOf(scene, caller);
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

/** The order the on-behalf table's callers go in: the owner last, and the caregivers who may act
 * after those who may not, so a refusal is not hidden by a change made before it. */
const ON_BEHALF_ORDER: OnBehalfCaller[] = [
  'anonymous',
  'pharmacy',
  'removedCarer',
  'othersCarer',
  'carerOfNone',
  'reportsCarer',
  'measurementsCarer',
  'prescriptionsCarer',
  'medicationsCarer',
  'dosesCarer',
  'appointmentsCarer',
  'linkedDoctor',
  'owner',
];

/**
 * The patient routes a caregiver reaches naming the owner, and the caregivers routes, called by
 * the owner, each of their caregivers, a removed one, another patient's, the owner's doctor, a
 * pharmacy and anonymous (permission-table.ts `onBehalfTable`), on one database. Each GET is asked
 * again with every answer kept: the gate still decides (docs/decisions/047 and 050).
 */
export function describeOnBehalf(dialect: Dialect): void {
  describe.skipIf(!testDialects().includes(dialect))(
    `who may act on the owner's behalf, on ${dialect}`,
    () => {
      let t: TestApp;
      beforeEach(async () => {
        t = await createTestApp(dialect, {}, { clock: () => new Date('2026-11-21T12:00:00Z') });
        smallPng ??= await png();
      });
      afterEach(() => t.close());

      it(`every route shared with caregivers and every caregivers route has a row in ${TABLE_FILE}'s onBehalfTable`, () => {
        const shared = documentedOperations(
          t,
          (operation, path) =>
            operation[CAREGIVER_AREA_EXTENSION] !== undefined || path.includes('/caregiver'),
        );
        const documented = documentedOperations(t);
        const missing = shared.filter((op) => !(op in onBehalfTable));
        const stale = Object.keys(onBehalfTable).filter((op) => !documented.includes(op));
        expect(missing, 'add a row to onBehalfTable for each of these').toEqual([]);
        expect(stale, 'these rows of onBehalfTable name no documented operation').toEqual([]);
      });

      for (const [key, row] of Object.entries(onBehalfTable)) {
        const expected = ON_BEHALF_ORDER.map((who) => `${who} ${row.expect[who]}`);
        it(`${key}: ${expected.join(', ')}`, async () => {
          const scene = await buildScene(t);
          await addCarers(scene);
          await row.before?.(scene);
          const got = await callEach(scene, key, row, true);
          expect(got).toEqual(row.expect);
          if (key.startsWith('GET ') && row.expect.anonymous === 401) {
            expect(await callEach(scene, key, row, false), 'asked again, answers kept').toEqual(
              row.expect,
            );
          }
        });
      }
    },
  );
}

/** Each on-behalf caller's status for a row, in ON_BEHALF_ORDER (`first`: the owner's hook runs). */
async function callEach(
  scene: Scene,
  key: string,
  row: OnBehalfRow,
  first: boolean,
): Promise<Record<OnBehalfCaller, number>> {
  const got: Partial<Record<OnBehalfCaller, number>> = {};
  for (const caller of ON_BEHALF_ORDER) {
    if (first && caller === 'owner') await row.beforeOwner?.(scene);
    got[caller] = await callRow(scene, key, row, caller);
  }
  return got as Record<OnBehalfCaller, number>;
}
