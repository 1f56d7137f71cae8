/**
 * Issue 42's goal: a caregiver's view of a patient's checklist (GET /api/v1/medications?patientId=,
 * admitted by the caregiver's gate and written in the patient's access log before it answers) at
 * ≥ 0.9× the speed of the patients' own view of theirs, as a ratio in one run on SQLite.
 *
 * Like a clinic's traffic: PEOPLE patients, each with a caregiver of their own; every connection
 * asks each person's checklist in turn (no one asks the same address twice in a row), while the
 * patients tick and untick doses at WRITES_PER_SECOND, so kept answers cannot carry the figure.
 * The two views are measured in alternating rounds on the same Tend.
 */
import { defer } from '../../scripts/lib/cleanup.ts';
import { median, type Sample } from './load.ts';
import { loadWithWrk } from './wrk.ts';
import { addMedications, call, registerAndSignIn } from './scenarios.ts';
import { makeDataDir, removeDataDir, startTend, type TendServer } from './server.ts';

export const CAREGIVER_GOAL = 0.9;
const PEOPLE = 40;
const MEDICATIONS_EACH = 8;
const WRITES_PER_SECOND = 20;
const ROUNDS = Number(process.env.BENCH_CAREGIVER_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_CAREGIVER_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Person {
  id: string;
  token: string;
}
interface Pair {
  patient: Person;
  caregiver: Person;
  medications: string[];
}

export interface CaregiverChecklist {
  own: Sample;
  caregivers: Sample;
  /** The caregivers' median throughput ÷ the patients' own. */
  ratio: number;
  goal: number;
  writesPerSecond: number;
}

function register(app: TendServer, role: string, n: number): Promise<Person> {
  const from = `10.42.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = `bench-${role}-${n}@example.org`;
  const details = { email, firstname: 'Bench', lastname: `${role} ${n}`, userType: 'patient' };
  return registerAndSignIn(app, `a benchmark ${role}`, details, from);
}

/** A patient with medications and a caregiver who accepted `medications` and `doses`. */
async function pairOf(app: TendServer, n: number): Promise<Pair> {
  const patient = await register(app, 'patient', n);
  const caregiver = await register(app, 'caregiver', n);
  const medications = await addMedications(app, patient.token, MEDICATIONS_EACH);
  const invited = (await call(app, 'POST', '/api/v1/caregivers', 201, {
    token: patient.token,
    body: { email: `bench-caregiver-${n}@example.org`, areas: ['medications', 'doses'] },
  })) as { _id: string };
  await call(app, 'POST', `/api/v1/caregivers/${invited._id}/accept`, 200, {
    token: caregiver.token,
    body: {},
  });
  return { patient, caregiver, medications };
}

/** Ticks and unticks the patients' doses at a steady rate until stopped. */
function writesFlowing(app: TendServer, pairs: Pair[]): () => Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  let n = 0;
  let stopped = false;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    const pair = pairs[n % pairs.length]!;
    const medication = pair.medications[n % pair.medications.length]!;
    const taken = Math.floor(n / pairs.length) % 2 === 0;
    n++;
    if (stopped) return;
    pending = pending.then(() =>
      call(app, 'PUT', `/api/v1/medications/${medication}/doses/${today}`, 200, {
        token: pair.patient.token,
        body: { taken },
      }).then(() => undefined),
    );
  }, 1000 / WRITES_PER_SECOND);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await pending;
  };
}

function readsOf(pairs: Pair[], as: 'own' | 'caregivers') {
  return pairs.map(({ patient, caregiver }) =>
    as === 'own'
      ? { method: 'GET', path: '/api/v1/medications', headers: bearer(patient) }
      : {
          method: 'GET',
          path: `/api/v1/medications?patientId=${patient.id}`,
          headers: bearer(caregiver),
        },
  );
}
const bearer = (person: Person) => ({ authorization: `Bearer ${person.token}` });

export async function measureCaregiverChecklist(): Promise<CaregiverChecklist> {
  console.error(`Caregiver checklist: ${PEOPLE} patients and their caregivers on SQLite…`);
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  const app = await startTend(dataDir, undefined, { TRUST_PROXY: 'true' });
  defer(() => app.stop());
  const pairs: Pair[] = [];
  for (let n = 0; n < PEOPLE; n++) pairs.push(await pairOf(app, n));
  const samples: Record<'own' | 'caregivers', Sample[]> = { own: [], caregivers: [] };
  const options = { seconds: SECONDS, connections: CONNECTIONS };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating, so a drift of the machine's speed falls on both alike.
    for (const as of round % 2 === 0
      ? (['own', 'caregivers'] as const)
      : (['caregivers', 'own'] as const)) {
      const stop = writesFlowing(app, pairs);
      try {
        samples[as].push(await loadWithWrk(app.baseUrl, { requests: readsOf(pairs, as) }, options));
      } finally {
        await stop();
      }
    }
  }
  const middle = (list: Sample[]): Sample => ({
    requestsPerSec: median(list.map((s) => s.requestsPerSec)),
    latencyP50Ms: median(list.map((s) => s.latencyP50Ms)),
    latencyP99Ms: median(list.map((s) => s.latencyP99Ms)),
  });
  const own = middle(samples.own);
  const caregivers = middle(samples.caregivers);
  await app.stop();
  return {
    own,
    caregivers,
    ratio: caregivers.requestsPerSec / own.requestsPerSec,
    goal: CAREGIVER_GOAL,
    writesPerSecond: WRITES_PER_SECOND,
  };
}

export function formatCaregiverChecklist(result: CaregiverChecklist): string {
  const rate = (s: Sample) => `${Math.round(s.requestsPerSec)} req/s`;
  return [
    `Issue 42 — a caregiver's view of the checklist against the patients' own (${PEOPLE} people each, ${result.writesPerSecond} dose ticks a second flowing, SQLite):`,
    `  patients' own            ${rate(result.own)}`,
    `  caregivers (?patientId=) ${rate(result.caregivers)}`,
    `  ratio ${result.ratio.toFixed(2)}×  goal ≥ ${result.goal}×  ${result.ratio >= result.goal ? 'OK' : 'SHORT'}`,
  ].join('\n');
}
