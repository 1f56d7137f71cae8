/**
 * Issue 23: every signed-in GET of the OpenAPI document, as the patient and as the doctor who may
 * call it, with realistic data (realistic-data.ts), each as a ratio to raw node:http measured in the
 * same run; their geometric mean, the slowest, and a round-robin mix of all of them (what an app
 * opening a day's pages sends); and three writes: ticking a dose, sending a message, booking (and
 * cancelling, so the slot is free for the next).
 */
import { load, median, type RequestSpec, type Sample } from './load.ts';
import { loadWithWrk } from './wrk.ts';
import { seedRealisticData, type RealisticData } from './realistic-data.ts';
import { call, field, registerAndSignIn } from './scenarios.ts';
import type { TendServer } from './server.ts';

export const ROUTE_GOALS = {
  geometricMean: { sqlite: 0.15, postgres: 0.1 },
  slowest: 0.08,
  mix: 0.12,
  tick: 0.05,
};

type Role = 'patient' | 'doctor';
type Ids = RealisticData['ids'] & { patientId: string; doctorId: string };

/** How to call one GET: by whom, and what fills its path and query (nothing unless said). */
interface RouteCall {
  as: Role[];
  /** Which of the data's ids stands for `{id}` in the path. */
  id?: keyof Ids;
  /** What follows the `?`, for a route that takes a query. */
  query?: (i: Ids, as: Role) => string | undefined;
}

const BOTH: Role[] = ['patient', 'doctor'];
const PATIENT: Role[] = ['patient'];
const DOCTOR: Role[] = ['doctor'];
const ofPatient = (i: Ids) => `patientId=${i.patientId}`;

/**
 * How to call each signed-in GET. A GET the OpenAPI document has and this table does not stops the
 * run, so a new route is measured from the day it is added. A route left out says why (answered by a
 * pharmacy only, a stream, a public page).
 */
const GET_ROUTES: Record<string, RouteCall | string> = {
  '/api/v1/health': 'public',
  '/api/v1/auth/password-policy': 'public',
  '/api/v1/calendar/{file}': 'public (the feed’s own secret in the URL)',
  '/api/v1/events': 'an event stream (bench/src/event-fanout.ts measures it)',
  '/api/v1/prescriptions/verify/{code}': 'answered to pharmacies only',
  '/api/v1/users/{id}/avatar': 'a picture (the benchmark people have none)',
  '/api/v1/appointments/{id}/receipt': 'a PDF of a paid visit (the benchmark visits are ahead)',
  '/api/v1/appointments/{id}/visit': 'opens 10 minutes before a visit',
  '/api/v1/visits/{roomid}': 'a live video room',
  '/api/v1/me': { as: BOTH },
  '/api/v1/me/two-step': { as: BOTH },
  '/api/v1/me/sessions': { as: BOTH },
  '/api/v1/me/email-status': { as: BOTH },
  '/api/v1/me/access-log': { as: PATIENT },
  '/api/v1/me/fhir': { as: BOTH, query: (i, as) => (as === 'doctor' ? ofPatient(i) : undefined) },
  '/api/v1/me/calendar': { as: BOTH },
  '/api/v1/me/notification-settings': { as: BOTH },
  '/api/v1/me/availability': { as: DOCTOR },
  '/api/v1/medications': { as: PATIENT },
  '/api/v1/medications/adherence': { as: PATIENT },
  '/api/v1/medications/{id}': { as: PATIENT, id: 'medication' },
  '/api/v1/medications/{id}/doses': { as: PATIENT, id: 'medication' },
  '/api/v1/trackmedications/{id}': { as: DOCTOR, id: 'patientId' },
  '/api/v1/patients': { as: DOCTOR },
  '/api/v1/doctors': { as: BOTH },
  '/api/v1/doctors/{id}/slots': { as: BOTH, id: 'doctorId' },
  '/api/v1/care-links': { as: BOTH },
  '/api/v1/caregivers': { as: PATIENT },
  '/api/v1/appointments': { as: BOTH },
  '/api/v1/appointments/{id}': { as: BOTH, id: 'appointment' },
  '/api/v1/reports': { as: BOTH, query: ofPatient },
  '/api/v1/reports/{id}/file': { as: BOTH, id: 'report' },
  '/api/v1/prescriptions': { as: BOTH, query: ofPatient },
  '/api/v1/prescriptions/{id}': { as: BOTH, id: 'prescription' },
  '/api/v1/prescriptions/{id}/pdf': { as: BOTH, id: 'prescription' },
  '/api/v1/conversations': { as: BOTH },
  '/api/v1/conversations/{id}': { as: BOTH, id: 'conversation' },
  '/api/v1/conversations/{id}/messages': { as: BOTH, id: 'conversation' },
  '/api/v1/pharmacies': { as: BOTH },
  '/api/v1/notifications': { as: BOTH },
  '/api/v1/push/key': { as: BOTH },
  '/api/v1/measurements': { as: BOTH, query: ofPatient },
  '/api/v1/measurements/series': {
    as: BOTH,
    query: (i) => `${ofPatient(i)}&kind=weight&bucket=day`,
  },
  '/api/v1/measurements/summary': { as: BOTH, query: ofPatient },
  '/api/v1/measurements/export.csv': { as: PATIENT },
  '/api/v1/patients/{id}/targets': { as: BOTH, id: 'patientId' },
};

/** The URL path of one call of a route, its `{id}` and query filled in as its row says. */
function urlOf(template: string, route: RouteCall, ids: Ids, as: Role): string {
  const path = route.id ? template.replace('{id}', ids[route.id]) : template;
  const query = route.query?.(ids, as);
  return query ? `${path}?${query}` : path;
}

export interface RouteTarget {
  label: string;
  url: string;
  request: RequestSpec;
  samples: Sample[];
  kind: 'read' | 'write';
  /** Run after each load of it: undoes what a load stopped half-way left (a booking not cancelled). */
  after?: () => Promise<void>;
}

/** The signed-in GETs the OpenAPI document lists, each as the table says to call it. */
export async function routeTargets(app: TendServer, data: RealisticData): Promise<RouteTarget[]> {
  const document = (await call(app, 'GET', '/api/docs/json', 200)) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const gets = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([template]) => template);
  const unknown = gets.filter((template) => !(template in GET_ROUTES));
  if (unknown.length > 0) {
    throw new Error(
      `bench/src/all-routes.ts does not say how to call ${unknown.join(', ')}: add them to GET_ROUTES`,
    );
  }
  const ids: Ids = { ...data.ids, patientId: data.patient.id, doctorId: data.doctor.id };
  const targets: RouteTarget[] = [];
  for (const template of gets) {
    const route = GET_ROUTES[template];
    if (!route || typeof route === 'string') continue;
    for (const as of route.as) {
      const token = data[as].token;
      const urlPath = urlOf(template, route, ids, as);
      // Each route answers 200 before it is measured: a fast error is not a result.
      const started = performance.now();
      const response = await fetch(app.baseUrl + urlPath, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (ms > 100) console.error(`  GET ${urlPath} as the ${as} took ${Math.round(ms)} ms once`);
      if (response.status !== 200) {
        throw new Error(`GET ${urlPath} as the ${as} on ${app.name} answered ${response.status}`);
      }
      targets.push({
        label: `GET ${template} (${as})`,
        url: app.baseUrl + urlPath,
        request: { headers: { authorization: `Bearer ${token}` } },
        samples: [],
        kind: 'read',
      });
    }
  }
  return targets;
}

/**
 * Every measured GET in turn on each connection, the patient's and the doctor's alike: the mix an
 * app opening a day's pages sends.
 */
export function mixTarget(app: TendServer, reads: RouteTarget[]): RouteTarget {
  return {
    label: `round-robin of all ${reads.length}`,
    url: app.baseUrl,
    request: {
      requests: reads.map((r) => ({
        method: 'GET',
        path: r.url.slice(app.baseUrl.length),
        headers: r.request.headers ?? {},
      })),
    },
    samples: [],
    kind: 'read',
  };
}

/**
 * One person may send 60 messages a minute. Each round reverses the order, so one round's sends
 * and the next's come back to back: 4 s of sending at up to ~2 500 a second here, 10 000 within a
 * minute (with 120 senders, a fast run was refused 429 in its second round).
 */
const SENDERS = 300;

/** Registers and signs in from an address of its own (Tend started with TRUST_PROXY=true). */
function person(app: TendServer, userType: 'patient' | 'doctor', n: number) {
  const from = `10.23.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = `bench-${userType}-${n}@example.org`;
  const details = { email, firstname: 'Bench', lastname: `Person ${n}`, userType };
  return registerAndSignIn(app, `a benchmark ${userType}`, details, from);
}

/**
 * Patients who each write to their doctor (not the realistic data's, whose GETs are measured) in
 * their own conversation: one person may send 60 messages a minute, so sending is measured round
 * the many of them.
 */
async function senders(app: TendServer, doctor: { id: string; token: string }) {
  const made: { token: string; conversation: string }[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const { id, token } = await person(app, 'patient', i + 1);
    await call(app, 'POST', '/api/v1/care-links', 201, { token, body: { doctorId: doctor.id } });
    const conversation = field(
      await call(app, 'POST', '/api/v1/conversations', 201, {
        token: doctor.token,
        body: { withUserId: id },
      }),
      '_id',
    );
    if (typeof conversation !== 'string') throw new Error(`no conversation on ${app.name}`);
    made.push({ token, conversation });
  }
  return made;
}

/** Writes by other patients than the realistic one, so the GETs' data stays as seeded. */
export async function writeTargets(app: TendServer): Promise<RouteTarget[]> {
  const doctor = await person(app, 'doctor', 0);
  const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
  await call(app, 'PUT', '/api/v1/me/availability', 200, {
    token: doctor.token,
    body: { timezone: 'UTC', slotminutes: 30, weekly, daysoff: [] },
  });
  const people = await senders(app, doctor);
  const [writer] = people;
  if (!writer) throw new Error('no writer');
  const json = (token: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  const medication = field(
    await call(app, 'POST', '/api/v1/medications', 201, {
      token: writer.token,
      body: { name: 'Bench daily', dosage: '10 mg', startdate: '2025-01-01', timefrequency: 'day' },
    }),
    '_id',
  );
  if (typeof medication !== 'string') throw new Error(`no medication on ${app.name}`);
  const slots = field(
    await call(app, 'GET', `/api/v1/doctors/${doctor.id}/slots`, 200, { token: writer.token }),
    'slots',
  );
  const starts = (Array.isArray(slots) ? slots : []).map((s) => String(field(s, 'start')));
  if (starts.length < CONNECTIONS) {
    throw new Error(`the bench doctor on ${app.name} has too few free slots`);
  }
  const message = JSON.stringify({ body: 'Thank you!' });
  const booking = bookAndCancel(doctor.id, starts, json(writer.token));
  return [
    {
      label: "PATCH /api/v1/medications/{id} (tick today's dose)",
      url: `${app.baseUrl}/api/v1/medications/${medication}`,
      request: {
        method: 'PATCH',
        headers: json(writer.token),
        body: JSON.stringify({ taken: true }),
      },
      samples: [],
      kind: 'write',
    },
    {
      label: `POST /api/v1/conversations/{id}/messages (send, round ${SENDERS} people)`,
      url: app.baseUrl,
      request: {
        requests: people.map((p) => ({
          method: 'POST',
          path: `/api/v1/conversations/${p.conversation}/messages`,
          headers: json(p.token),
          body: message,
        })),
      },
      samples: [],
      kind: 'write',
    },
    {
      label: 'POST /api/v1/appointments, then cancel it (book)',
      url: app.baseUrl,
      request: { requests: booking.requests },
      samples: [],
      kind: 'write',
      after: async () => {
        // A booking sent just before the load stopped may still be on its way in: let it land.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await cancelUpcoming(app, writer.token);
        booking.releaseAll();
      },
    },
  ];
}

/**
 * The bookings a load stopped between booking and cancelling. Asked by status: the writer's list
 * soon holds thousands of cancelled visits, which a plain first page would be all of.
 */
async function cancelUpcoming(app: TendServer, token: string) {
  for (const status of ['requested', 'accepted']) {
    const listed = field(
      await call(
        app,
        'GET',
        `/api/v1/appointments?scope=upcoming&status=${status}&limit=100`,
        200,
        {
          token,
        },
      ),
      'appointments',
    );
    for (const a of Array.isArray(listed) ? listed : []) {
      await call(app, 'POST', `/api/v1/appointments/${String(field(a, '_id'))}/cancel`, 200, {
        token,
        body: { reason: 'Something came up.' },
      });
    }
  }
}

/**
 * Each connection books a free slot, then cancels what it booked. A slot is held from the moment a
 * booking of it is sent until its cancel is answered, so no two connections ask for the same time
 * (autocannon may give a connection a fresh context for each round of the two requests).
 */
function bookAndCancel(doctorId: string, starts: string[], headers: Record<string, string>) {
  const held = new Set<string>();
  let next = 0;
  const freeStart = () => {
    for (let tries = 0; tries < starts.length; tries++) {
      const start = starts[next++ % starts.length] ?? '';
      // The list was read minutes before; a slot that has begun since is no longer offered.
      if (!held.has(start) && Date.parse(start) > Date.now() + 60_000) return start;
    }
    throw new Error('every bench slot is held or past: more connections than free slots');
  };
  const requests = [
    {
      method: 'POST',
      path: '/api/v1/appointments',
      headers,
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        const start = freeStart();
        held.add(start);
        context.start = start;
        return {
          ...request,
          body: JSON.stringify({ doctorId, start, type: 'online', purpose: 'Check-up' }),
        };
      },
      onResponse: (status: number, body: string, context: Record<string, unknown>) => {
        context.appointment = status === 201 ? (JSON.parse(body) as { _id: string })._id : '';
        if (status !== 201) held.delete(String(context.start));
      },
    },
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ reason: 'Something came up.' }),
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => ({
        ...request,
        path: `/api/v1/appointments/${String(context.appointment)}/cancel`,
      }),
      onResponse: (_status: number, _body: string, context: Record<string, unknown>) => {
        held.delete(String(context.start));
      },
    },
  ];
  /** After a load stopped between a booking and its cancel (cancelUpcoming frees those). */
  const releaseAll = () => held.clear();
  return { requests, releaseAll };
}

export { median, seedRealisticData };
export const geometricMean = (values: number[]) =>
  Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

const CONNECTIONS = 10;

/**
 * Reads (and their mix) are loaded with wrk and are ratios to raw `node:http` loaded with wrk;
 * writes with autocannon, which can undo each booking as it goes, and are ratios to raw `node:http`
 * loaded with autocannon. Each yardstick is measured in the same rounds as what it measures.
 */
export async function measureTargets(
  targets: RouteTarget[],
  baselines: Record<RouteTarget['kind'], RouteTarget>,
  { rounds, seconds }: { rounds: number; seconds: number },
  progress: (line: string) => void,
): Promise<void> {
  const options = { connections: CONNECTIONS, seconds };
  const loadOf = (t: RouteTarget) => (t.kind === 'read' ? loadWithWrk : load);
  const measure = async (t: RouteTarget, seconds: number) => {
    const sample = await loadOf(t)(t.url, t.request, { ...options, seconds });
    await t.after?.();
    return sample;
  };
  const yardstick = async (kind: RouteTarget['kind']) => {
    const baseline = baselines[kind];
    baseline.samples.push(await loadOf(baseline)(baseline.url, {}, options));
  };
  for (const t of targets) await measure(t, 1);
  for (let round = 0; round < rounds; round++) {
    progress(`  round ${round + 1} of ${rounds}…`);
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    let reads = 0;
    for (const t of order) {
      // A read's yardstick every tenth read, a write's before each write, so a slower spell of
      // the machine shows in them too.
      if (t.kind === 'write') await yardstick('write');
      else if (reads++ % 10 === 0) await yardstick('read');
      t.samples.push(await measure(t, seconds));
    }
  }
  await yardstick('read');
}
