import type { RequestSpec } from './load.ts';
import type { TendServer } from './server.ts';

/**
 * What to measure against each started Tend (SQLite, and PostgreSQL when configured). To add one,
 * append to `scenarios`; seed data or log in from setup(), which runs once per app before warm-up.
 */
export interface Scenario extends RequestSpec {
  /** Shown in the report, e.g. 'GET /api/v1/health'. */
  name: string;
  /** Shown in brackets after the name, before the database, e.g. '20 meds'. */
  detail?: string;
  path: string;
  /**
   * Measured on every dataset size (BENCH_OTHER_MEDICATIONS), each with its own line; otherwise
   * only once per database, on the smallest.
   */
  acrossDatasets?: boolean;
  /**
   * Returned headers are sent with every request, e.g. a session cookie; a returned path replaces
   * `path` (for a resource setup created, such as `/api/v1/medications/<its id>`).
   */
  setup?: (app: TendServer) => Promise<{ headers?: Record<string, string>; path?: string }>;
}

const PATIENT_MEDICATIONS = 20;
const TIME_FREQUENCIES = ['day', 'afternoon', 'night'] as const;

/** One JSON call to the app; anything but the expected status stops the run with the answer. */
export async function call(
  app: TendServer,
  method: string,
  urlPath: string,
  expected: number,
  { body, token, from }: { body?: unknown; token?: string; from?: string } = {},
): Promise<unknown> {
  const response = await fetch(app.baseUrl + urlPath, {
    method,
    headers: {
      // Where the call seems to come from, for a Tend started with TRUST_PROXY=true: the
      // per-address limits on registering and signing in allow a few people per address.
      ...(from ? { 'x-forwarded-for': from } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(
      `${method} ${urlPath} on ${app.name} answered ${response.status}, not ${expected}: ${text}`,
    );
  }
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** The password of every benchmark account. */
const PASSWORD = 'bench passphrase 2026';

/** The benchmark patient, as POST /auth/register takes them (but the password). */
export const BENCH_PATIENT = {
  email: 'bench-patient@example.org',
  firstname: 'Bench',
  lastname: 'Patient',
  userType: 'patient',
};

/**
 * Registers someone through the API, as a person would (`details`: POST /auth/register's body but
 * the password), and signs them in; their id and bearer token. `who` names them in the error;
 * `from`, the address the calls seem to come from.
 */
export async function registerAndSignIn(
  app: TendServer,
  who: string,
  details: { email: string } & Record<string, unknown>,
  from?: string,
): Promise<{ id: string; token: string }> {
  const { email } = details;
  const password = PASSWORD;
  const registered = await call(app, 'POST', '/api/v1/auth/register', 201, {
    from,
    body: { ...details, password },
  });
  const token = field(
    await call(app, 'POST', '/api/v1/auth/sign-in', 200, { from, body: { email, password } }),
    'accessToken',
  );
  const id = field(field(registered, 'user'), '_id');
  if (typeof id !== 'string' || typeof token !== 'string') {
    throw new Error(`registering ${who} on ${app.name} gave no id or token`);
  }
  return { id, token };
}

/**
 * The benchmark patient, through the API as a person would: register (one per app, well inside the
 * limit of 10 an hour), sign in, add 20 medications and tick half of today's doses, so the list
 * also finds dose rows.
 */
async function patientWithMedications(app: TendServer): Promise<{ token: string }> {
  const { token } = await registerAndSignIn(app, 'the benchmark patient', BENCH_PATIENT);
  await addMedications(app, token, PATIENT_MEDICATIONS);
  return { token };
}

/** `count` medications for the patient, ticking today's dose of every other one; their ids. */
export async function addMedications(
  app: TendServer,
  token: string,
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await call(app, 'POST', '/api/v1/medications', 201, {
      token,
      body: {
        name: `Bench medication ${i + 1}`,
        dosage: `${(i + 1) * 5} mg`,
        note: 'With food.',
        startdate: '2025-01-01',
        enddate: null,
        timefrequency: TIME_FREQUENCIES[i % TIME_FREQUENCIES.length],
      },
    });
    const id = field(created, '_id');
    if (typeof id !== 'string') throw new Error(`POST /api/v1/medications on ${app.name}: no _id`);
    if (i % 2 === 0) {
      await call(app, 'PATCH', `/api/v1/medications/${id}`, 200, { token, body: { taken: true } });
    }
    ids.push(id);
  }
  return ids;
}

// Routing, security headers, response serialization and one database round trip.
export const healthScenario: Scenario = { name: 'GET /api/v1/health', path: '/api/v1/health' };

// Bearer token and session check, the patient's 20 medications by index, their time zone and
// today's doses; while the table also holds other patients' medications.
export const listScenario: Scenario = {
  name: 'GET /api/v1/medications',
  detail: `${PATIENT_MEDICATIONS} meds`,
  path: '/api/v1/medications',
  acrossDatasets: true,
  async setup(app) {
    const { token } = await patientWithMedications(app);
    const authorization = `Bearer ${token}`;
    const list = field(
      await call(app, 'GET', '/api/v1/medications', 200, { token }),
      'medications',
    );
    if (!Array.isArray(list) || list.length !== PATIENT_MEDICATIONS) {
      throw new Error(
        `GET /api/v1/medications on ${app.name} did not list the ${PATIENT_MEDICATIONS} medications`,
      );
    }
    return { headers: { authorization } };
  },
};

export const scenarios: Scenario[] = [healthScenario, listScenario];

/**
 * A write that commits on every request: the benchmark patient ticks today's dose of one
 * medication (PATCH updates the medication and upserts the day's dose in one transaction). Used for
 * the durability figure, SQLite with synchronous FULL against NORMAL.
 */
export const tickDoseScenario: Scenario = {
  name: 'PATCH /api/v1/medications/:id',
  detail: "tick today's dose",
  path: '/api/v1/medications/:id',
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ taken: true }),
  async setup(app) {
    const { token } = await registerAndSignIn(app, 'the writing patient', {
      email: 'bench-writer@example.org',
      firstname: 'Bench',
      lastname: 'Writer',
      userType: 'patient',
    });

    const created = await call(app, 'POST', '/api/v1/medications', 201, {
      token,
      body: {
        name: 'Bench daily medication',
        dosage: '10 mg',
        note: null,
        startdate: '2025-01-01',
        enddate: null,
        timefrequency: 'day',
      },
    });
    const id = field(created, '_id');
    if (typeof id !== 'string') throw new Error(`POST /api/v1/medications on ${app.name}: no _id`);
    return { headers: { authorization: `Bearer ${token}` }, path: `/api/v1/medications/${id}` };
  },
};
