import { CAREGIVER_AREAS, type CaregiverArea } from '@tend/shared';
import type { TestApp } from './helper.ts';
import type { OnBehalfArea } from '../src/lib/acting-for.ts';
import { callAs, type CareScenario, type TestAccount } from './accounts.ts';

/**
 * DESIGN.md's five callers and two pharmacies (the third role): the scene's, to which rows with
 * `before` send the owner's prescription, and another, to which nothing is sent. Anonymous sends no
 * token.
 */
export type Caller =
  | 'anonymous'
  | 'owner'
  | 'otherPatient'
  | 'linkedDoctor'
  | 'unlinkedDoctor'
  | 'pharmacy'
  | 'otherPharmacy';

/** What the scenario (test/permission-suite.ts) made for the owner, a patient linked with one doctor. */
export interface Ids {
  owner: string;
  doctor: string;
  medication: string;
  link: string;
  appointment: string;
  report: string;
  conversation: string;
  /** Written by the linked doctor for the owner; not sent to any pharmacy. */
  prescription: string;
  /** That prescription's code as printed (grouped). */
  prescriptionCode: string;
  /** The scene's pharmacy (the `pharmacy` caller), in the directory. */
  pharmacy: string;
  /** Made by a row's `before` when it needs one: the owner's, sent to the scene's pharmacy. */
  sent?: string;
  /** Made by a row's `before` when it needs one: a reading the owner recorded. */
  measurement?: string;
  /** Made by a row's `before` when it needs one: the owner's invitation of the other patient. */
  caregiving?: string;
  /** A dependent the owner made (a `before` step adds one). */
  dependent?: string;
  /** The relation of the owner with their caregiver of `medications` (the on-behalf table's scene). */
  carerRelation?: string;
}

export interface Scene {
  t: TestApp;
  s: CareScenario;
  ids: Ids;
  /** A pharmacy, signed in: it may use its own account and nothing of patients' and doctors'. */
  pharmacy: TestAccount;
  /** Another pharmacy, signed in and in the directory, to which nothing is sent. */
  otherPharmacy: TestAccount;
  /** Books the owner another visit with the linked doctor at this start and returns its id. */
  book(start: string): Promise<string>;
  /** The owner's caregivers and the others (the on-behalf table's scene only). */
  carers?: Record<Carer, TestAccount>;
}

export interface Row {
  /** The scene's id the documented path's `{id}` stands for (`id: 'medication'`). */
  id?: keyof Ids;
  /** The address called, when the documented path has other parameters (or needs a query). */
  url?: (ids: Ids) => string;
  /** A JSON body; a function when it depends on the caller. */
  body?: object | ((ids: Ids, caller: Caller) => object);
  /** Form fields for a multipart upload (the file is a small PDF or PNG, by `file`). */
  multipart?: { file: 'pdf' | 'png'; fields?: (ids: Ids) => Record<string, string> };
  /** A text/csv body (an import). */
  csv?: string;
  /** Sends the caller's refresh cookie (the refresh route reads nothing else). */
  refreshCookie?: true;
  /** The answer is a stream that stays open: only its status is read. */
  stream?: true;
  /** Sets the row's scene up before any caller (e.g. a prescription sent and dispensed). */
  before?: (scene: Scene) => Promise<void>;
  /** The owner goes last; this gives them a fresh thing to act on when an earlier caller used it up. */
  beforeOwner?: (scene: Scene) => Promise<void>;
  /** A GET whose every answer writes, so it is never kept (why, in a word): none given from memory. */
  neverKept?: string;
  /** The status each caller must get. */
  expect: Record<Caller, number>;
}

/** The owner invites the other patient to be their caregiver (the rows of caregivers need one). */
async function inviteOtherPatient({ t, s, ids }: Scene): Promise<void> {
  const res = await callAs(t, s.owner, 'POST', '/api/v1/caregivers', {
    email: s.otherPatient.email,
    areas: ['medications'],
  });
  if (res.statusCode !== 201) throw new Error(`inviting failed: ${res.body}`);
  ids.caregiving = res.json<{ _id: string }>()._id;
}

/** The owner adds a dependent, a record without a sign-in that they look after. */
async function addDependent({ t, s, ids }: Scene): Promise<void> {
  const res = await callAs(t, s.owner, 'POST', '/api/v1/dependents', {
    firstname: 'Leo',
    lastname: 'Silva',
    dateofbirth: '2019-04-02',
  });
  if (res.statusCode !== 201) throw new Error(`adding a dependent failed: ${res.body}`);
  ids.dependent = res.json<{ patient: { _id: string } }>().patient._id;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  owner: status,
  otherPatient: status,
  linkedDoctor: status,
  unlinkedDoctor: status,
  pharmacy: status,
  otherPharmacy: status,
});
/** Signed in, each caller acting on their own things. */
const eachTheirOwn = (status: number) => ({ ...everyone(status), anonymous: 401 });
/**
 * The care of patients by doctors (medications, care links, appointments, reports, messages,
 * calendars): a pharmacy's role never reaches any of it (403), whoever's it is.
 */
const careOnly = (expect: Omit<Record<Caller, number>, 'pharmacy' | 'otherPharmacy'>) => ({
  ...expect,
  pharmacy: 403,
  otherPharmacy: 403,
});
/** Signed-in patients and doctors, each their own. */
const eachPatientOrDoctor = (status: number) => careOnly(eachTheirOwn(status));
/** Patients only, each their own. */
const patientsOnly = (status: number) =>
  careOnly({
    anonymous: 401,
    owner: status,
    otherPatient: status,
    linkedDoctor: 403,
    unlinkedDoctor: 403,
  });
/** Doctors only, each their own. */
const doctorsOnly = (status: number) =>
  careOnly({
    anonymous: 401,
    owner: 403,
    otherPatient: 403,
    linkedDoctor: status,
    unlinkedDoctor: status,
  });

/**
 * The owner's own thing (a medication), or what only its patient may do: another patient 404,
 * doctors 403 (they read through tracking).
 */
const ownerOnly = (status: number) =>
  careOnly({
    anonymous: 401,
    owner: status,
    otherPatient: 404,
    linkedDoctor: 403,
    unlinkedDoctor: 403,
  });
/** The owner's thing a doctor they share with (or see) may reach: strangers 404. */
const ownerAndLinkedDoctor = (owner: number, linkedDoctor = owner) =>
  careOnly({
    anonymous: 401,
    owner,
    otherPatient: 404,
    linkedDoctor,
    unlinkedDoctor: 404,
  });
/** What only the owner's linked doctor may do: patients 403 (wrong role), another doctor 404. */
const linkedDoctorOnly = (status: number) =>
  careOnly({
    anonymous: 401,
    owner: 403,
    otherPatient: 403,
    linkedDoctor: status,
    unlinkedDoctor: 404,
  });
/**
 * A pharmacy's work: patients and doctors 403 (wrong role); the other pharmacy gets `otherPharmacy`
 * (404 where the prescription was sent to the scene's pharmacy alone).
 */
const pharmaciesOnly = (pharmacy: number, otherPharmacy = pharmacy) => ({
  anonymous: 401,
  owner: 403,
  otherPatient: 403,
  linkedDoctor: 403,
  unlinkedDoctor: 403,
  pharmacy,
  otherPharmacy,
});

const MONDAY = '2026-11-23';
const slot = (time: string) => `${MONDAY}T${time}:00Z`;
const UNKNOWN_TOKEN = 'x'.repeat(43);
const NEW_PASSWORD = 'another long passphrase';
let registered = 0;

/** What the linked doctor prescribes in the scene and in the table (valid a month past the scene's clock). */
export const PRESCRIPTION = {
  medication: { name: 'Metformin', strength: '500 mg', form: 'tablet' },
  dose: { amount: 1, unit: 'tablet', timesofday: ['day'] },
  quantity: 30,
  refills: 1,
  validuntil: '2026-12-31',
  instructions: 'Take with breakfast.',
};

/** Calls as `who`, for a row's scene; throws unless the answer is `status`. */
async function sceneCall(
  scene: Scene,
  who: TestAccount,
  status: number,
  url: string,
  body?: object,
): Promise<{ _id: string }> {
  const res = await callAs(scene.t, who, 'POST', url, body);
  if (res.statusCode !== status) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>();
}

/**
 * The owner's prescription sent to the scene's pharmacy (`ids.sent`), fill 1 requested there; with
 * `dispensed`, that fill handed over, and (no refills) every fill of it used.
 */
function sentPrescription(stage: 'requested' | 'dispensed' | 'renewal asked') {
  return async (scene: Scene) => {
    const { owner, linkedDoctor } = scene.s;
    const p = await sceneCall(scene, linkedDoctor, 201, '/api/v1/prescriptions', {
      patientId: owner.id,
      ...PRESCRIPTION,
      refills: 0,
    });
    const at = `/api/v1/prescriptions/${p._id}`;
    await sceneCall(scene, owner, 200, `${at}/send`, { pharmacyId: scene.ids.pharmacy });
    scene.ids.sent = p._id;
    if (stage === 'requested') return;
    for (const status of ['preparing', 'ready', 'dispensed']) {
      await sceneCall(scene, scene.pharmacy, 200, `${at}/fills/current`, { status });
    }
    if (stage === 'renewal asked') await sceneCall(scene, owner, 200, `${at}/refill`);
  };
}

/** A reading, as the owner (no patientId) or a doctor (the owner's) records it. */
const READING = { kind: 'heartrate', value: 72, unit: '/min', takenat: '2026-11-21T08:00:00Z' };
const readingBy = (i: Ids, caller: Caller) =>
  caller === 'owner' ? READING : { ...READING, patientId: i.owner };

/** A reading the owner recorded (`ids.measurement`). */
async function ownersReading(scene: Scene) {
  const m = await sceneCall(scene, scene.s.owner, 201, '/api/v1/measurements', READING);
  scene.ids.measurement = m._id;
}

/**
 * Every operation of the OpenAPI document, keyed `METHOD path` exactly as the document writes it,
 * with the status each of the seven callers must get. permission-suite.ts fails, naming it, for
 * an operation without a row here: a new route comes with its row.
 */
export const permissionTable: Record<string, Row> = {
  // Public: what a person needs before they have an account or a token.
  'GET /api/v1/health': { expect: everyone(200) },
  'GET /api/v1/auth/password-policy': { expect: everyone(200) },
  'POST /api/v1/auth/register': {
    body: () => ({
      email: `table${++registered}.${Date.now()}@example.org`,
      password: 'a-long enough passphrase',
      firstname: 'New',
      lastname: 'Person',
      userType: 'patient',
    }),
    expect: everyone(201),
  },
  // One unknown address per caller: seven failures on one address would meet its sign-in limit.
  'POST /api/v1/auth/sign-in': {
    body: (_, caller) => ({ email: `nobody.${caller}@example.org`, password: 'not the password' }),
    expect: everyone(401),
  },
  'POST /api/v1/auth/refresh': { refreshCookie: true, expect: eachTheirOwn(200) },
  // The challenge of the password step is the credential, not a session: a made-up one is 401 for all.
  'POST /api/v1/auth/sign-in/two-step': {
    body: { challenge: UNKNOWN_TOKEN, code: '000000' },
    expect: everyone(401),
  },
  'POST /api/v1/auth/sign-in/two-step/setup': {
    body: { challenge: UNKNOWN_TOKEN },
    expect: everyone(401),
  },
  'POST /api/v1/auth/sign-in/two-step/enable': {
    body: { challenge: UNKNOWN_TOKEN, code: '000000' },
    expect: everyone(401),
  },
  'POST /api/v1/auth/password-reset': {
    body: (_, caller) => ({ email: `nobody.${caller}@example.org` }),
    expect: everyone(202),
  },
  'POST /api/v1/auth/password-reset/confirm': {
    body: { token: UNKNOWN_TOKEN, newPassword: NEW_PASSWORD },
    expect: everyone(400),
  },
  'POST /api/v1/auth/verify-email': { body: { token: UNKNOWN_TOKEN }, expect: everyone(400) },
  'POST /api/v1/subscriptions': {
    body: (_, caller) => ({ email: `news.${caller}@example.org` }),
    expect: everyone(202),
  },
  'POST /api/v1/auth/email-change/confirm': {
    body: { token: UNKNOWN_TOKEN },
    expect: everyone(400),
  },
  // The secret in the address is the authority, not the session: an unknown one is 404 for all.
  'GET /api/v1/calendar/{file}': {
    url: () => `/api/v1/calendar/${UNKNOWN_TOKEN}.ics`,
    expect: everyone(404),
  },
  'POST /api/v1/reminders/{token}/taken': {
    url: () => `/api/v1/reminders/${UNKNOWN_TOKEN}/taken`,
    expect: everyone(404),
  },
  'POST /api/v1/reminders/{token}/snooze': {
    url: () => `/api/v1/reminders/${UNKNOWN_TOKEN}/snooze`,
    expect: everyone(404),
  },

  // One's own account.
  'POST /api/v1/auth/sign-out': { expect: eachTheirOwn(204) },
  'GET /api/v1/me': { expect: eachTheirOwn(200) },
  'PATCH /api/v1/me/update': { body: { firstname: 'Renamed' }, expect: eachTheirOwn(200) },
  'POST /api/v1/me/password': {
    body: { oldPassword: 'a-long enough passphrase', newPassword: NEW_PASSWORD },
    expect: eachTheirOwn(204),
  },
  'DELETE /api/v1/me': {
    body: { password: 'a-long enough passphrase' },
    expect: eachTheirOwn(204),
  },
  'PUT /api/v1/me/avatar': { multipart: { file: 'png' }, expect: eachTheirOwn(200) },
  'DELETE /api/v1/me/avatar': { expect: eachTheirOwn(200) },
  // The owner has a picture: it shows to them and to doctors they share with, nobody else (both
  // pharmacies too are told there is none).
  'GET /api/v1/users/{id}/avatar': {
    id: 'owner',
    expect: { ...ownerAndLinkedDoctor(200), pharmacy: 404, otherPharmacy: 404 },
  },
  // Two-step sign-in and devices: each caller's own account. With nothing set up, confirming a code
  // is a 409 in words; a made-up session id is 404 like another person's.
  'GET /api/v1/me/two-step': { expect: eachTheirOwn(200) },
  'POST /api/v1/me/two-step/setup': {
    body: { password: 'a-long enough passphrase' },
    expect: eachTheirOwn(200),
  },
  'POST /api/v1/me/two-step/enable': { body: { code: '000000' }, expect: eachTheirOwn(409) },
  'POST /api/v1/me/two-step/disable': {
    body: { password: 'a-long enough passphrase', code: '000000' },
    expect: eachTheirOwn(409),
  },
  'POST /api/v1/me/two-step/recovery-codes': {
    body: { code: '000000' },
    expect: eachTheirOwn(409),
  },
  'GET /api/v1/me/sessions': { expect: eachTheirOwn(200) },
  // Each caller signs out their own devices (the owner last, so nothing else is left to try).
  'DELETE /api/v1/me/sessions': { expect: eachTheirOwn(204) },
  'DELETE /api/v1/me/sessions/{id}': {
    url: () => `/api/v1/me/sessions/${UNKNOWN_TOKEN}`,
    expect: eachTheirOwn(404),
  },
  'GET /api/v1/me/email-status': { expect: eachTheirOwn(200) },
  // This test Tend sends no email: a new confirmation link is a 409 in words for everyone.
  'POST /api/v1/me/verify-email/resend': { expect: eachTheirOwn(409) },
  'GET /api/v1/me/access-log': { expect: patientsOnly(200) },
  // A calendar of visits and doses: patients' and doctors'.
  'GET /api/v1/me/calendar': { expect: eachPatientOrDoctor(200) },
  'POST /api/v1/me/calendar/reset': { expect: eachPatientOrDoctor(200) },
  'GET /api/v1/me/notification-settings': { expect: eachTheirOwn(200) },
  'PUT /api/v1/me/notification-settings': {
    body: {
      email: false,
      push: true,
      remindertimes: { day: '08:30', afternoon: '14:00', night: '21:00' },
    },
    expect: eachTheirOwn(200),
  },
  'GET /api/v1/me/availability': { expect: doctorsOnly(200) },
  'PUT /api/v1/me/availability': {
    body: { timezone: 'UTC', slotminutes: 30, weekly: [], daysoff: [] },
    expect: doctorsOnly(200),
  },

  // Medications: a patient's own; doctors read them only through tracking.
  'GET /api/v1/medications': { expect: patientsOnly(200) },
  'POST /api/v1/medications': {
    body: { name: 'X', startdate: '2026-11-01', timefrequency: 'day' },
    expect: patientsOnly(201),
  },
  'GET /api/v1/medications/adherence': { expect: patientsOnly(200) },
  'GET /api/v1/medications/{id}': { id: 'medication', expect: ownerOnly(200) },
  'PUT /api/v1/medications/{id}': {
    id: 'medication',
    body: { name: 'Y', startdate: '2026-11-01', timefrequency: 'night' },
    expect: ownerOnly(200),
  },
  'PATCH /api/v1/medications/{id}': {
    id: 'medication',
    body: { taken: true },
    expect: ownerOnly(200),
  },
  'DELETE /api/v1/medications/{id}': { id: 'medication', expect: ownerOnly(204) },
  'GET /api/v1/medications/{id}/doses': { id: 'medication', expect: ownerOnly(200) },
  'PUT /api/v1/medications/{id}/doses/{date}': {
    url: (i) => `/api/v1/medications/${i.medication}/doses/2026-11-20`,
    body: { taken: true },
    expect: ownerOnly(200),
  },
  'GET /api/v1/trackmedications/{id}': { id: 'owner', expect: linkedDoctorOnly(200) },

  // Care links and the directory.
  'GET /api/v1/patients': { expect: doctorsOnly(200) },
  'GET /api/v1/doctors': { expect: eachPatientOrDoctor(200) },
  'GET /api/v1/doctors/{id}/slots': { id: 'doctor', expect: eachPatientOrDoctor(200) },
  'GET /api/v1/care-links': { expect: eachPatientOrDoctor(200) },
  // The owner already shares with the linked doctor (409); the other patient starts to.
  'POST /api/v1/care-links': {
    body: (i) => ({ doctorId: i.doctor }),
    expect: careOnly({
      anonymous: 401,
      owner: 409,
      otherPatient: 201,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  // Either side may end it; the linked doctor ends it first, so the owner ends a new one.
  'DELETE /api/v1/care-links/{id}': {
    id: 'link',
    beforeOwner: async ({ t, s, ids }) => {
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/care-links',
        headers: { authorization: `Bearer ${s.owner.accessToken}` },
        payload: { doctorId: s.linkedDoctor.id },
      });
      ids.link = again.json<{ _id: string }>()._id;
    },
    expect: ownerAndLinkedDoctor(204),
  },

  // Caregivers: the owner invites; the invited patient account answers; only the two sides see it.
  'GET /api/v1/caregivers': { expect: patientsOnly(200) },
  'POST /api/v1/caregivers': {
    body: (_i, caller) => ({ email: `helper-of-${caller}@example.org`, areas: ['medications'] }),
    expect: patientsOnly(201),
  },
  'POST /api/v1/caregivers/{id}/accept': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}/accept`,
    body: {},
    // The owner goes last, when the invitation is accepted: nothing of theirs to answer.
    expect: careOnly({
      anonymous: 401,
      owner: 404,
      otherPatient: 200,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  'POST /api/v1/caregivers/{id}/decline': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}/decline`,
    body: {},
    expect: careOnly({
      anonymous: 401,
      owner: 404,
      otherPatient: 204,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  'PATCH /api/v1/caregivers/{id}': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}`,
    body: { areas: ['reports'] },
    // The invited account is no side of it until it accepts.
    expect: careOnly({
      anonymous: 401,
      owner: 200,
      otherPatient: 404,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  'DELETE /api/v1/caregivers/{id}': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}`,
    expect: careOnly({
      anonymous: 401,
      owner: 204,
      otherPatient: 404,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  // Public, by the emailed link's secret: a wrong one finds nothing, whoever asks.
  'POST /api/v1/caregiver-invitations/{id}/look': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregiver-invitations/${i.caregiving}/look`,
    body: { token: 'not-the-secret' },
    expect: everyone(404),
  },
  // Dependents: made by a patient, then sent their own sign-in by the one who looks after them.
  'POST /api/v1/dependents': {
    body: { firstname: 'Leo', lastname: 'Silva', dateofbirth: '2019-04-02' },
    expect: patientsOnly(201),
  },
  'POST /api/v1/dependents/{id}/invite': {
    before: addDependent,
    url: (i) => `/api/v1/dependents/${i.dependent}/invite`,
    body: { email: 'leo@example.org' },
    expect: careOnly({
      anonymous: 401,
      owner: 202,
      otherPatient: 404,
      linkedDoctor: 403,
      unlinkedDoctor: 403,
    }),
  },
  // Public, by the emailed link's secret: a wrong one finds nothing, whoever asks.
  'POST /api/v1/dependent-invitations/{id}/look': {
    before: addDependent,
    url: (i) => `/api/v1/dependent-invitations/${i.dependent}/look`,
    body: { token: 'not-the-secret' },
    expect: everyone(404),
  },
  'POST /api/v1/dependent-invitations/{id}/accept': {
    before: addDependent,
    url: (i) => `/api/v1/dependent-invitations/${i.dependent}/accept`,
    body: { token: 'not-the-secret', password: 'a long enough passphrase' },
    expect: everyone(404),
  },

  // Appointments: the owner's online visit with the linked doctor, requested, on Monday at 09:00.
  'GET /api/v1/appointments': { expect: eachPatientOrDoctor(200) },
  'POST /api/v1/appointments': {
    body: (i, caller) => ({
      doctorId: i.doctor,
      start: slot(caller === 'owner' ? '09:30' : '10:00'),
      type: 'in_person',
      purpose: 'Check-up',
    }),
    expect: patientsOnly(201),
  },
  'GET /api/v1/appointments/{id}': { id: 'appointment', expect: ownerAndLinkedDoctor(200) },
  'POST /api/v1/appointments/{id}/accept': { id: 'appointment', expect: linkedDoctorOnly(200) },
  // The linked doctor cancels first, so the owner cancels a visit of their own booked anew.
  'POST /api/v1/appointments/{id}/cancel': {
    id: 'appointment',
    body: { reason: 'Something came up.' },
    beforeOwner: async (scene) => {
      scene.ids.appointment = await scene.book(slot('10:30'));
    },
    expect: ownerAndLinkedDoctor(200),
  },
  'POST /api/v1/appointments/{id}/reschedule': {
    id: 'appointment',
    body: { start: slot('11:00') },
    expect: ownerOnly(200),
  },
  // Its doctor may; the visit has not happened yet, so the doctor's answer is 409 in words.
  'POST /api/v1/appointments/{id}/complete': {
    id: 'appointment',
    body: {},
    expect: linkedDoctorOnly(409),
  },
  // Its doctor may; a requested visit cannot be paid yet (409).
  'POST /api/v1/appointments/{id}/payment': {
    id: 'appointment',
    body: { amount: 40, method: 'cash' },
    expect: linkedDoctorOnly(409),
  },
  // Its two participants; there is no receipt before payment.
  'GET /api/v1/appointments/{id}/receipt': { id: 'appointment', expect: ownerAndLinkedDoctor(409) },
  // Its patient may, once the visit is completed (409 before).
  'POST /api/v1/appointments/{id}/review': {
    id: 'appointment',
    body: { rating: 5, recommend: true, comment: 'Kind.' },
    expect: ownerOnly(409),
  },
  // Its two participants; the room opens 10 minutes before the start (409 before).
  'GET /api/v1/appointments/{id}/visit': { id: 'appointment', expect: ownerAndLinkedDoctor(409) },
  // A room id is 128 random bits; a guessed one is nobody's (participants: visits.int.test.ts).
  'GET /api/v1/visits/{roomid}': {
    url: () => `/api/v1/visits/${'a'.repeat(32)}`,
    expect: eachPatientOrDoctor(404),
  },
  'POST /api/v1/visits/{roomid}/signal': {
    url: () => `/api/v1/visits/${'a'.repeat(32)}/signal`,
    body: { type: 'bye', payload: {} },
    expect: eachPatientOrDoctor(404),
  },

  // Reports: the owner's PDF, uploaded by the owner.
  'GET /api/v1/reports': {
    url: (i) => `/api/v1/reports?patientId=${i.owner}`,
    expect: ownerAndLinkedDoctor(200),
  },
  'POST /api/v1/reports': {
    multipart: { file: 'pdf', fields: (i) => ({ title: 'Scan', patientId: i.owner }) },
    expect: ownerAndLinkedDoctor(201),
  },
  'GET /api/v1/reports/{id}/file': { id: 'report', expect: ownerAndLinkedDoctor(200) },
  // The patient, or whoever uploaded it: here the patient did, so the linked doctor may not.
  'DELETE /api/v1/reports/{id}': { id: 'report', expect: ownerAndLinkedDoctor(204, 403) },

  // Prescriptions: the owner's, written by the linked doctor. A pharmacy reaches only those sent to
  // it: where a row's `before` sends one to the scene's pharmacy, another pharmacy gets the 404 of
  // "no such prescription" (more in prescriptions.int.test.ts, sending.int.test.ts, fills.int.test.ts).
  'POST /api/v1/prescriptions': {
    body: (i) => ({ patientId: i.owner, ...PRESCRIPTION }),
    expect: linkedDoctorOnly(201),
  },
  // Its own list for each, narrowed to the owner: a pharmacy has no patients to narrow to (404; its
  // list is of those sent to it, without patientId).
  'GET /api/v1/prescriptions': {
    before: sentPrescription('requested'),
    url: (i) => `/api/v1/prescriptions?patientId=${i.owner}`,
    expect: { ...ownerAndLinkedDoctor(200), pharmacy: 404, otherPharmacy: 404 },
  },
  // Sent to the scene's pharmacy, which reads it; another pharmacy is told there is no such one.
  'GET /api/v1/prescriptions/{id}': {
    before: sentPrescription('requested'),
    id: 'sent',
    expect: { ...ownerAndLinkedDoctor(200), pharmacy: 200, otherPharmacy: 404 },
  },
  'GET /api/v1/prescriptions/{id}/pdf': {
    before: sentPrescription('requested'),
    id: 'sent',
    expect: { ...ownerAndLinkedDoctor(200), pharmacy: 200, otherPharmacy: 404 },
  },
  // Its patient only: doctors and pharmacies 403 (wrong role), another patient 404.
  'POST /api/v1/prescriptions/{id}/send': {
    id: 'prescription',
    body: (i) => ({ pharmacyId: i.pharmacy }),
    expect: ownerOnly(200),
  },
  // The pharmacy it was sent to moves its open fill on; patients' and doctors' roles are refused
  // (403), and another pharmacy, which goes before it, is told there is no such prescription (404).
  'POST /api/v1/prescriptions/{id}/fills/current': {
    before: sentPrescription('requested'),
    id: 'sent',
    body: { status: 'preparing' },
    expect: pharmaciesOnly(200, 404),
  },
  // Its patient: every fill used, so the owner's refill asks the doctor for a renewal.
  'POST /api/v1/prescriptions/{id}/refill': {
    before: sentPrescription('dispensed'),
    id: 'sent',
    expect: ownerOnly(200),
  },
  // Its doctor answers the renewal the owner asked for.
  'POST /api/v1/prescriptions/{id}/renewal': {
    before: sentPrescription('renewal asked'),
    id: 'sent',
    body: { approve: true },
    expect: linkedDoctorOnly(200),
  },
  'POST /api/v1/prescriptions/{id}/cancel': {
    id: 'prescription',
    body: { reason: 'Replaced by another medication.' },
    expect: linkedDoctorOnly(200),
  },
  // Checking a paper prescription by its code: any pharmacy, by design, whether or not it was sent
  // there (the paper may reach any counter); patients and doctors 403, wrong role (more in
  // verify.int.test.ts).
  'GET /api/v1/prescriptions/verify/{code}': {
    url: (i) => `/api/v1/prescriptions/verify/${i.prescriptionCode}`,
    neverKept: 'keepAnswers: false, each check counts toward the pharmacy’s limit of guesses',
    expect: pharmaciesOnly(200),
  },

  // Messaging: the owner's conversation with the linked doctor.
  'GET /api/v1/conversations': { expect: eachPatientOrDoctor(200) },
  // Opening one with the owner: only a doctor linked with them may (the owner cannot talk to themself).
  'POST /api/v1/conversations': {
    body: (i) => ({ withUserId: i.owner }),
    expect: ownerAndLinkedDoctor(404, 200),
  },
  'GET /api/v1/conversations/{id}': { id: 'conversation', expect: ownerAndLinkedDoctor(200) },
  'GET /api/v1/conversations/{id}/messages': {
    id: 'conversation',
    expect: ownerAndLinkedDoctor(200),
  },
  'POST /api/v1/conversations/{id}/messages': {
    id: 'conversation',
    body: { body: 'Hello.' },
    expect: ownerAndLinkedDoctor(201),
  },
  'POST /api/v1/conversations/{id}/read': { id: 'conversation', expect: ownerAndLinkedDoctor(204) },

  // The directory of pharmacies: anyone signed in (patients choose where to send a prescription).
  'GET /api/v1/pharmacies': { expect: eachTheirOwn(200) },

  // Notifications, live events and Web Push: each caller's own.
  'GET /api/v1/events': { stream: true, expect: eachTheirOwn(200) },
  'GET /api/v1/notifications': { expect: eachTheirOwn(200) },
  'POST /api/v1/notifications/read': { body: { all: true }, expect: eachTheirOwn(200) },
  'GET /api/v1/push/key': { expect: eachTheirOwn(200) },
  // One browser moves to whoever subscribes it last.
  'POST /api/v1/push/subscriptions': {
    body: {
      endpoint: 'https://push.example.org/one-browser',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    },
    expect: eachTheirOwn(201),
  },
  // Only one's own is removed; anyone else's stays (204 either way: nothing to tell).
  'DELETE /api/v1/push/subscriptions': {
    body: { endpoint: 'https://push.example.org/one-browser' },
    expect: eachTheirOwn(204),
  },

  // Health measurements: the owner's readings, which the linked doctor reads and records (another
  // patient naming the owner, or a doctor they do not share with, is told there is no such patient).
  'POST /api/v1/measurements': { body: readingBy, expect: ownerAndLinkedDoctor(201) },
  'GET /api/v1/measurements': {
    url: (i) => `/api/v1/measurements?patientId=${i.owner}`,
    expect: ownerAndLinkedDoctor(200),
  },
  'GET /api/v1/measurements/series': {
    url: (i) => `/api/v1/measurements/series?patientId=${i.owner}&kind=heartrate`,
    expect: ownerAndLinkedDoctor(200),
  },
  'GET /api/v1/measurements/summary': {
    url: (i) => `/api/v1/measurements/summary?patientId=${i.owner}`,
    expect: ownerAndLinkedDoctor(200),
  },
  // Only whoever recorded it: the linked doctor sees it but may not delete it (403).
  'DELETE /api/v1/measurements/{id}': {
    before: ownersReading,
    id: 'measurement',
    expect: ownerAndLinkedDoctor(204, 403),
  },
  // Each patient imports and exports their own; doctors 403 (wrong role).
  'POST /api/v1/measurements/import': {
    csv: 'takenat,kind,value,unit\n2026-11-20T08:00:00Z,bloodpressure,150/95,mm[Hg]\n',
    expect: patientsOnly(201),
  },
  'GET /api/v1/measurements/export.csv': { expect: patientsOnly(200) },
  'GET /api/v1/patients/{id}/targets': { id: 'owner', expect: ownerAndLinkedDoctor(200) },
  // The whole record as FHIR: the owner's, and the linked doctor's download of it (in the owner's
  // access log); another patient naming the owner, or a doctor they do not share with, gets 404.
  'GET /api/v1/me/fhir': {
    url: (i) => `/api/v1/me/fhir?patientId=${i.owner}`,
    expect: ownerAndLinkedDoctor(200),
  },
  'PUT /api/v1/patients/{id}/targets': {
    id: 'owner',
    body: { targets: [{ kind: 'heartrate', low: 50, high: 100 }] },
    expect: linkedDoctorOnly(200),
  },
};

/**
 * The owner's caregivers (issue 42), each a patient account of its own: one for each area the
 * owner gave alone (`doses` comes with `medications`, which it needs), one the owner gave none,
 * one the owner removed (it had every area), and the caregiver of another patient (every area).
 */
export const CARERS = {
  medicationsCarer: ['medications'],
  dosesCarer: ['medications', 'doses'],
  appointmentsCarer: ['appointments'],
  prescriptionsCarer: ['prescriptions'],
  measurementsCarer: ['measurements'],
  reportsCarer: ['reports'],
  carerOfNone: [],
  removedCarer: [...CAREGIVER_AREAS],
  othersCarer: [...CAREGIVER_AREAS],
} as const satisfies Record<string, readonly CaregiverArea[]>;
export type Carer = keyof typeof CARERS;

/**
 * Who calls a patient's route naming the owner (`patientId`): anonymous, the owner themself, the
 * owner's doctor, a pharmacy, and the caregivers.
 */
export type OnBehalfCaller = 'anonymous' | 'owner' | 'linkedDoctor' | 'pharmacy' | Carer;

export interface OnBehalfRow extends Omit<Row, 'body' | 'expect'> {
  /** A JSON body; a function when it depends on the caller. */
  body?: object | ((ids: Ids, caller: OnBehalfCaller) => object);
  /** The status each caller must get. */
  expect: Record<OnBehalfCaller, number>;
}

/**
 * The caregivers' statuses on a route of `area` naming the owner: `status` for those given the
 * area (the caregiver of `doses` sees the medications too), 403 `area_not_shared` for the owner's
 * other caregivers, the route's 404 for the removed one and another patient's (not theirs to care
 * for: as for a stranger).
 */
function carers(area: OnBehalfArea, status: number): Record<Carer, number> {
  const given = (carer: Carer) => (CARERS[carer] as readonly OnBehalfArea[]).includes(area);
  return {
    medicationsCarer: given('medicationsCarer') ? status : 403,
    dosesCarer: given('dosesCarer') ? status : 403,
    appointmentsCarer: given('appointmentsCarer') ? status : 403,
    prescriptionsCarer: given('prescriptionsCarer') ? status : 403,
    measurementsCarer: given('measurementsCarer') ? status : 403,
    reportsCarer: given('reportsCarer') ? status : 403,
    carerOfNone: 403,
    removedCarer: 404,
    othersCarer: 404,
  };
}
/** Every caregiver gets the same: a route that is never shared. */
const everyCarer = (status: number): Record<Carer, number> => ({
  medicationsCarer: status,
  dosesCarer: status,
  appointmentsCarer: status,
  prescriptionsCarer: status,
  measurementsCarer: status,
  reportsCarer: status,
  carerOfNone: status,
  removedCarer: status,
  othersCarer: status,
});

/**
 * A route of `area` naming the owner: the owner `status`, the linked doctor `doctor` (403 on a
 * patient's own route: wrong role), a pharmacy `pharmacy` (403 on care routes).
 */
const sharedAs = (
  area: OnBehalfArea,
  status: number,
  others: { doctor?: number; pharmacy?: number } = {},
): Record<OnBehalfCaller, number> => ({
  anonymous: 401,
  owner: status,
  linkedDoctor: others.doctor ?? 403,
  pharmacy: others.pharmacy ?? 403,
  ...carers(area, status),
});

/** A route never shared, with the owner named anyway: each caregiver gets `carer`. */
const neverShared = (
  owner: number,
  carer: number,
  others: { doctor?: number; pharmacy?: number } = {},
): Record<OnBehalfCaller, number> => ({
  anonymous: 401,
  owner,
  linkedDoctor: others.doctor ?? 403,
  pharmacy: others.pharmacy ?? 403,
  ...everyCarer(carer),
});

/** The address with `patientId` naming the owner. */
const namingOwner = (path: string) => (i: Ids) =>
  `${path}${path.includes('?') ? '&' : '?'}patientId=${i.owner}`;

/** `patientId` in the body names the owner, for every caller. */
const withOwner =
  (body: object | ((i: Ids, caller: OnBehalfCaller) => object)) =>
  (i: Ids, caller: OnBehalfCaller): object => {
    const own: object =
      typeof body === 'function'
        ? (body as (i: Ids, c: OnBehalfCaller) => object)(i, caller)
        : body;
    return { ...own, patientId: i.owner };
  };

/**
 * Every patient route a caregiver reaches on the owner's behalf (those whose OpenAPI operation
 * says `x-caregiver-area`, plugins/openapi.ts), every caregivers route, and the routes never shared
 * asked with the owner named anyway, with the status each caregiver and the others must get
 * (DESIGN.md "Caregivers"; permission-suite.ts runs it and fails for a shared route without a
 * row). Nothing is reachable that the areas do not grant.
 */
export const onBehalfTable: Record<string, OnBehalfRow> = {
  // Medications: seen with `medications`; a dose ticked with `doses`. The list stays the owner's.
  'GET /api/v1/medications': {
    url: namingOwner('/api/v1/medications'),
    expect: sharedAs('medications', 200),
  },
  'GET /api/v1/medications/adherence': {
    url: namingOwner('/api/v1/medications/adherence'),
    expect: sharedAs('medications', 200),
  },
  'GET /api/v1/medications/{id}': {
    url: (i) => `/api/v1/medications/${i.medication}?patientId=${i.owner}`,
    expect: sharedAs('medications', 200),
  },
  'GET /api/v1/medications/{id}/doses': {
    url: (i) => `/api/v1/medications/${i.medication}/doses?patientId=${i.owner}`,
    expect: sharedAs('medications', 200),
  },
  'PUT /api/v1/medications/{id}/doses/{date}': {
    url: (i) => `/api/v1/medications/${i.medication}/doses/2026-11-20?patientId=${i.owner}`,
    body: { taken: true },
    expect: sharedAs('doses', 200),
  },
  // Keeping the list (adding, changing, deleting a medication) is only for the one who looks
  // after a dependent (the `dependent` pseudo-area, decision 051): the owner is none, so each of
  // their caregivers is refused in words (403).
  'POST /api/v1/medications': {
    url: namingOwner('/api/v1/medications'),
    body: { name: 'X', startdate: '2026-11-01', timefrequency: 'day' },
    expect: sharedAs('dependent', 201),
  },
  'PUT /api/v1/medications/{id}': {
    url: (i) => `/api/v1/medications/${i.medication}?patientId=${i.owner}`,
    body: { name: 'Y', startdate: '2026-11-01', timefrequency: 'night' },
    expect: sharedAs('dependent', 200),
  },
  'PATCH /api/v1/medications/{id}': {
    url: (i) => `/api/v1/medications/${i.medication}?patientId=${i.owner}`,
    body: { taken: true },
    expect: sharedAs('dependent', 200),
  },
  'DELETE /api/v1/medications/{id}': {
    url: (i) => `/api/v1/medications/${i.medication}?patientId=${i.owner}`,
    expect: sharedAs('dependent', 204),
  },

  // Appointments: the owner's visits, seen, booked, moved and cancelled as the owner's own. The
  // linked doctor naming the owner lists their visits with them, and cancels (after the
  // caregiver did: 409, the visit found); moving a visit is its patient's.
  'GET /api/v1/appointments': {
    url: namingOwner('/api/v1/appointments'),
    expect: sharedAs('appointments', 200, { doctor: 200 }),
  },
  'GET /api/v1/appointments/{id}': {
    url: (i) => `/api/v1/appointments/${i.appointment}?patientId=${i.owner}`,
    expect: sharedAs('appointments', 200, { doctor: 200 }),
  },
  'POST /api/v1/appointments': {
    body: withOwner((i, caller) => ({
      doctorId: i.doctor,
      start: slot(caller === 'owner' ? '09:30' : '10:00'),
      type: 'online',
      purpose: 'Check-up',
    })),
    expect: sharedAs('appointments', 201),
  },
  'POST /api/v1/appointments/{id}/cancel': {
    id: 'appointment',
    body: withOwner({ reason: 'Something came up.' }),
    beforeOwner: async (scene) => {
      scene.ids.appointment = await scene.book(slot('10:30'));
    },
    expect: sharedAs('appointments', 200, { doctor: 409 }),
  },
  'POST /api/v1/appointments/{id}/reschedule': {
    id: 'appointment',
    body: withOwner((_i, caller) => ({ start: slot(caller === 'owner' ? '11:30' : '11:00') })),
    expect: sharedAs('appointments', 200),
  },
  // A receipt, a review and the video room stay the owner's: no patientId there (ignored: the
  // owner's visit is nobody else's, 404).
  'GET /api/v1/appointments/{id}/receipt': {
    url: (i) => `/api/v1/appointments/${i.appointment}/receipt?patientId=${i.owner}`,
    expect: neverShared(409, 404, { doctor: 409 }),
  },

  // Prescriptions: seen with their fills and printed; sent to a pharmacy; a refill asked for.
  'GET /api/v1/prescriptions': {
    url: namingOwner('/api/v1/prescriptions'),
    expect: sharedAs('prescriptions', 200, { doctor: 200, pharmacy: 404 }),
  },
  'GET /api/v1/prescriptions/{id}': {
    url: (i) => `/api/v1/prescriptions/${i.prescription}?patientId=${i.owner}`,
    expect: sharedAs('prescriptions', 200, { doctor: 200, pharmacy: 404 }),
  },
  'GET /api/v1/prescriptions/{id}/pdf': {
    url: (i) => `/api/v1/prescriptions/${i.prescription}/pdf?patientId=${i.owner}`,
    expect: sharedAs('prescriptions', 200, { doctor: 200, pharmacy: 404 }),
  },
  // Sent by the caregiver, then by the owner to the same pharmacy (nothing changes: 200).
  'POST /api/v1/prescriptions/{id}/send': {
    id: 'prescription',
    body: withOwner((i) => ({ pharmacyId: i.pharmacy })),
    expect: sharedAs('prescriptions', 200),
  },
  // Every fill used: the caregiver asks the doctor for a renewal, the owner for another's.
  'POST /api/v1/prescriptions/{id}/refill': {
    before: sentPrescription('dispensed'),
    beforeOwner: sentPrescription('dispensed'),
    url: (i) => `/api/v1/prescriptions/${i.sent}/refill?patientId=${i.owner}`,
    expect: sharedAs('prescriptions', 200),
  },

  // Readings: seen as a list, a chart and a summary; one recorded for the owner.
  'POST /api/v1/measurements': {
    body: withOwner(READING),
    expect: sharedAs('measurements', 201, { doctor: 201 }),
  },
  'GET /api/v1/measurements': {
    url: namingOwner('/api/v1/measurements'),
    expect: sharedAs('measurements', 200, { doctor: 200 }),
  },
  'GET /api/v1/measurements/series': {
    url: namingOwner('/api/v1/measurements/series?kind=heartrate'),
    expect: sharedAs('measurements', 200, { doctor: 200 }),
  },
  'GET /api/v1/measurements/summary': {
    url: namingOwner('/api/v1/measurements/summary'),
    expect: sharedAs('measurements', 200, { doctor: 200 }),
  },
  // Deleting is whoever recorded it (the owner here); the name is no field of the route.
  'DELETE /api/v1/measurements/{id}': {
    before: ownersReading,
    url: (i) => `/api/v1/measurements/${i.measurement}?patientId=${i.owner}`,
    expect: neverShared(204, 404, { doctor: 403 }),
  },

  // Reports: the list and each file; adding and deleting stay the owner's and their doctors'.
  'GET /api/v1/reports': {
    url: namingOwner('/api/v1/reports'),
    expect: sharedAs('reports', 200, { doctor: 200 }),
  },
  'GET /api/v1/reports/{id}/file': {
    url: (i) => `/api/v1/reports/${i.report}/file?patientId=${i.owner}`,
    expect: sharedAs('reports', 200, { doctor: 200 }),
  },
  'DELETE /api/v1/reports/{id}': {
    url: (i) => `/api/v1/reports/${i.report}?patientId=${i.owner}`,
    expect: neverShared(204, 404, { doctor: 403 }),
  },

  // Care links: only the one who looks after a dependent shares for them (decision 051); the
  // owner's caregivers never (403 in words). The owner already shares with the linked doctor (409).
  'POST /api/v1/care-links': {
    url: namingOwner('/api/v1/care-links'),
    body: (i) => ({ doctorId: i.doctor }),
    expect: sharedAs('dependent', 409),
  },
  'GET /api/v1/care-links': {
    url: namingOwner('/api/v1/care-links'),
    expect: sharedAs('dependent', 200, { doctor: 200 }),
  },
  // The linked doctor ends it first, so the owner ends a new one.
  'DELETE /api/v1/care-links/{id}': {
    url: (i) => `/api/v1/care-links/${i.link}?patientId=${i.owner}`,
    beforeOwner: async ({ t, s, ids }) => {
      const again = await callAs(t, s.owner, 'POST', '/api/v1/care-links', {
        doctorId: s.linkedDoctor.id,
      });
      ids.link = again.json<{ _id: string }>()._id;
    },
    expect: sharedAs('dependent', 204, { doctor: 204 }),
  },

  // Never shared: messages, the access log, account settings, notification settings.
  // Their queries and bodies take no patientId: 400 for every signed-in caller, checked before
  // the gate. Notification settings take no query at all: each caller gets their own (200),
  // nothing of the owner's.
  'GET /api/v1/me/access-log': {
    url: namingOwner('/api/v1/me/access-log'),
    expect: neverShared(400, 400, { doctor: 400, pharmacy: 400 }),
  },
  'GET /api/v1/conversations': {
    url: namingOwner('/api/v1/conversations'),
    expect: neverShared(400, 400, { doctor: 400, pharmacy: 400 }),
  },
  'GET /api/v1/me/notification-settings': {
    url: namingOwner('/api/v1/me/notification-settings'),
    expect: neverShared(200, 200, { doctor: 200, pharmacy: 200 }),
  },
  'PATCH /api/v1/me/update': {
    body: withOwner({ firstname: 'Renamed' }),
    expect: neverShared(400, 400, { doctor: 400, pharmacy: 400 }),
  },

  // Caregivers: each side sees its own; the caregiver of `medications` changes its own wish for
  // alerts and steps back, the owner changes the areas; other caregivers are no side of it (404).
  'GET /api/v1/caregivers': {
    url: () => '/api/v1/caregivers?as=caregiver',
    expect: neverShared(200, 200),
  },
  'POST /api/v1/caregivers': {
    body: (_i, caller) => ({ email: `helper-of-${caller}@example.org`, areas: ['reports'] }),
    expect: neverShared(201, 201),
  },
  'POST /api/v1/caregivers/{id}/accept': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}/accept`,
    body: {},
    expect: neverShared(404, 404),
  },
  'POST /api/v1/caregivers/{id}/decline': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregivers/${i.caregiving}/decline`,
    body: {},
    expect: neverShared(404, 404),
  },
  'PATCH /api/v1/caregivers/{id}': {
    url: (i) => `/api/v1/caregivers/${i.carerRelation}`,
    body: (_i, caller) =>
      caller === 'owner'
        ? { areas: ['medications', 'reports'] }
        : { alerts: { misseddoses: true } },
    expect: { ...neverShared(200, 404), medicationsCarer: 200 },
  },
  // The caregiver steps back; the owner then removes another (their caregiver of reports).
  'DELETE /api/v1/caregivers/{id}': {
    url: (i) => `/api/v1/caregivers/${i.carerRelation}`,
    beforeOwner: async ({ t, s, ids }) => {
      const theirs = await callAs(t, s.owner, 'GET', '/api/v1/caregivers');
      const { caregivers } = theirs.json<{ caregivers: { _id: string }[] }>();
      ids.carerRelation = caregivers.find((c) => c._id !== ids.carerRelation)?._id;
    },
    expect: { ...neverShared(204, 404), medicationsCarer: 204 },
  },
  'POST /api/v1/caregiver-invitations/{id}/look': {
    before: inviteOtherPatient,
    url: (i) => `/api/v1/caregiver-invitations/${i.caregiving}/look`,
    body: { token: 'not-the-secret' },
    expect: { ...neverShared(404, 404), anonymous: 404, linkedDoctor: 404, pharmacy: 404 },
  },
};
