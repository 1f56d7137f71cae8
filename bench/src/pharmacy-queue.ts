/**
 * Issue 20's pharmacy queue goal: a pharmacy's first page of GET /api/v1/prescriptions (what it
 * lists: those sent to it, newest first) with 10 000 prescriptions sent to it among 1 000 000 in
 * all, against the same page among 10 000 in all, on SQLite. The goal, ≥ 0.9×, says the page is
 * read from the pharmacy's own index (prescriptions_pharmacy_created_idx), whatever else the table
 * holds. Each Tend also gets its ratio to raw node:http, measured in the same rounds.
 */
import { DatabaseSync } from 'node:sqlite';
import { defer } from '../../scripts/lib/cleanup.ts';
import { seedOtherPatients, sqliteFile } from './datasets.ts';
import { load, medianSample, type Sample } from './load.ts';
import { call, field, registerAndSignIn } from './scenarios.ts';
import { makeDataDir, removeDataDir, startTend, type TendServer } from './server.ts';

/** Sent to the measured pharmacy in both databases. */
export const QUEUE_SENT_TO_PHARMACY = 10_000;
/** Prescriptions in all: the smaller database holds only the pharmacy's. */
export const QUEUE_TOTALS = [10_000, 1_000_000];
const PRESCRIPTIONS_PER_PATIENT = 100;
const DOCTORS = 10;
export const QUEUE_GOAL = 0.9;
const ROUNDS = 3;
const SECONDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;

const INSTANT = '2025-01-01T00:00:00.000Z';
const ID_DIGITS = 9;
/** Stands in for the measured pharmacy until it registers through the API (its id is Tend's). */
const PLACEHOLDER = `bench-pharmacy-${'0'.repeat(ID_DIGITS)}`;

export interface QueueLine {
  total: number;
  seedSeconds: number;
  median: Sample;
  ratioToBaseline: number;
}

export interface PharmacyQueue {
  baseline: Sample;
  lines: QueueLine[];
  /** The largest total's throughput ÷ the smallest's. */
  ratio: number;
  goal: number;
}

/**
 * Users (patients, doctors, pharmacies) and `total` active prescriptions, one statement each (a
 * recursive CTE counts in SQL, so no row crosses from JavaScript), all in one transaction.
 * Prescription i goes to pharmacy i mod (total ÷ 10 000), so the measured pharmacy's 10 000 are
 * spread evenly through time among everyone else's: a page that did not come from its index
 * would have to step over 99 others for each of its own. Its patient is i mod (total ÷ 100), so
 * the pharmacy's first page shows as many different patients on either size: each one shown is a
 * row of the access log the request writes, and a page of fewer patients would be cheaper.
 */
function seedPrescriptions(file: string, total: number): void {
  const pharmacies = Math.max(1, Math.round(total / QUEUE_SENT_TO_PHARMACY));
  const patients = Math.ceil(total / PRESCRIPTIONS_PER_PATIENT);
  const database = new DatabaseSync(file);
  try {
    database.exec('PRAGMA foreign_keys = ON');
    // A throwaway database: no rollback journal, no syncs, and room in memory for the indexes'
    // pages, which a million rows reach out of order (by patient, by doctor); several times faster.
    database.exec('PRAGMA journal_mode = OFF');
    database.exec('PRAGMA synchronous = OFF');
    database.exec('PRAGMA cache_size = -262144');
    database.exec('BEGIN');
    const counter =
      'WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < :rows)';
    const users = (prefix: string, role: string) =>
      `${counter}
       INSERT INTO users (id, email, email_normalized, password_hash, user_type, firstname,
                          lastname, timezone, created_at, updated_at)
       SELECT printf('bench-${prefix}-%0${ID_DIGITS.toString()}d', i),
              printf('${prefix}%d@bench.invalid', i), printf('${prefix}%d@bench.invalid', i),
              'x', '${role}', 'Bench', printf('${prefix} %d', i), 'UTC', :at, :at
       FROM n`;
    database.prepare(users('patient', 'patient')).run({ rows: patients, at: INSTANT });
    database.prepare(users('doctor', 'doctor')).run({ rows: DOCTORS, at: INSTANT });
    database.prepare(users('pharmacy', 'pharmacy')).run({ rows: pharmacies, at: INSTANT });
    database
      .prepare(
        `${counter}
         INSERT INTO prescriptions (id, code, patient_id, doctor_id, pharmacy_id, medication_name,
                                    medication_strength, medication_form, dose_amount_milli,
                                    dose_unit, times_of_day, quantity, refills, valid_until,
                                    expires_at, instructions, note, status, created_at, updated_at)
         SELECT printf('bench-rx-%0${ID_DIGITS.toString()}d', i), printf('%011d', i),
                printf('bench-patient-%0${ID_DIGITS.toString()}d', i % :patients),
                printf('bench-doctor-%0${ID_DIGITS.toString()}d', i % :doctors),
                printf('bench-pharmacy-%0${ID_DIGITS.toString()}d', i % :pharmacies),
                'Metformin', '500 mg', 'tablet', 1000, 'tablet', 'day,night', 60, 2,
                '2098-12-31', '2099-01-01T00:00:00.000Z', 'Take with food.',
                'Kidney function checked.', 'active',
                strftime('%Y-%m-%dT%H:%M:%fZ', :at, printf('+%d seconds', i)),
                strftime('%Y-%m-%dT%H:%M:%fZ', :at, printf('+%d seconds', i))
         FROM n`,
      )
      .run({
        rows: total,
        patients,
        doctors: DOCTORS,
        pharmacies,
        at: INSTANT,
      });
    database.exec('COMMIT');
  } finally {
    database.close();
  }
}

/** Hands the placeholder's prescriptions to the pharmacy that registered, then drops it. */
function handOver(file: string, pharmacyId: string): void {
  const database = new DatabaseSync(file);
  try {
    database.exec('PRAGMA busy_timeout = 10000');
    database.exec('BEGIN IMMEDIATE');
    database
      .prepare('UPDATE prescriptions SET pharmacy_id = ? WHERE pharmacy_id = ?')
      .run(pharmacyId, PLACEHOLDER);
    database.prepare('DELETE FROM users WHERE id = ?').run(PLACEHOLDER);
    database.exec('COMMIT');
  } finally {
    database.close();
  }
}

/** A pharmacy registered and signed in through the API, as a pharmacy would; its bearer token. */
function signedInPharmacy(app: TendServer): Promise<{ id: string; token: string }> {
  return registerAndSignIn(app, 'the benchmark pharmacy', {
    email: 'bench-pharmacy@example.org',
    firstname: 'Bench',
    lastname: 'Pharmacist',
    userType: 'pharmacy',
    pharmacy: {
      name: 'Bench Pharmacy',
      licencenumber: 'BENCH-1',
      address: '1 Bench Street',
      city: 'Benchton',
      postcode: '00000',
      country: 'Nowhere',
      phone: '+1 555 0100',
      openinghours: 'Always',
    },
  });
}

interface QueueTarget {
  total: number;
  seedSeconds: number;
  url: string;
  headers: Record<string, string>;
  samples: Sample[];
}

async function startQueue(total: number): Promise<QueueTarget> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  console.error(
    `Seeding ${total.toLocaleString('en-US')} prescriptions, ` +
      `${QUEUE_SENT_TO_PHARMACY.toLocaleString('en-US')} of them sent to one pharmacy (sqlite)…`,
  );
  // Tend's schema, nothing else; then the prescriptions.
  await seedOtherPatients({ kind: 'sqlite', dataDir }, 0);
  const started = performance.now();
  seedPrescriptions(sqliteFile(dataDir), total);
  const seedSeconds = (performance.now() - started) / 1000;
  const app = await startTend(dataDir);
  defer(() => app.stop());
  const pharmacy = await signedInPharmacy(app);
  handOver(sqliteFile(dataDir), pharmacy.id);
  const path = '/api/v1/prescriptions';
  const page = await call(app, 'GET', path, 200, { token: pharmacy.token });
  const listed = field(page, 'prescriptions');
  if (!Array.isArray(listed) || listed.length === 0 || field(page, 'nextCursor') === null) {
    throw new Error(`the pharmacy's first page on ${app.name} did not list a full page`);
  }
  return {
    total,
    seedSeconds,
    url: app.baseUrl + path,
    headers: { authorization: `Bearer ${pharmacy.token}` },
    samples: [],
  };
}

/** Both Tends and the baseline, warmed up, then measured in interleaved rounds. */
export async function measurePharmacyQueue(baselineUrl: string): Promise<PharmacyQueue> {
  const targets: QueueTarget[] = [];
  for (const total of QUEUE_TOTALS) targets.push(await startQueue(total));
  const baseline = { url: baselineUrl, headers: {}, samples: [] as Sample[] };
  const all = [baseline, ...targets];
  const options = { connections: CONNECTIONS };
  console.error(`Pharmacy queue: warming up, then ${ROUNDS} rounds…`);
  for (const t of all)
    await load(t.url, { headers: t.headers }, { ...options, seconds: WARMUP_SECONDS });
  for (let round = 0; round < ROUNDS; round++) {
    // Every other round backwards, so a drift in machine load hits all alike.
    const order = round % 2 === 0 ? all : [...all].reverse();
    for (const t of order) {
      t.samples.push(await load(t.url, { headers: t.headers }, { ...options, seconds: SECONDS }));
    }
  }
  const base = medianSample(baseline.samples);
  const lines = targets.map((t) => {
    const median = medianSample(t.samples);
    return {
      total: t.total,
      seedSeconds: t.seedSeconds,
      median,
      ratioToBaseline: median.requestsPerSec / base.requestsPerSec,
    };
  });
  const [smallest, largest] = [lines[0], lines.at(-1)];
  if (!smallest || !largest) throw new Error('the pharmacy queue measured nothing');
  return {
    baseline: base,
    lines,
    ratio: largest.median.requestsPerSec / smallest.median.requestsPerSec,
    goal: QUEUE_GOAL,
  };
}

const rows = (n: number) => n.toLocaleString('en-US').replaceAll(',', ' ');
const ratioText = (r: number) => `${r.toFixed(r < 0.1 ? 3 : 2)}×`;

export function formatPharmacyQueue(q: PharmacyQueue): string {
  const sent = rows(QUEUE_SENT_TO_PHARMACY);
  const label = (total: number) =>
    `GET /api/v1/prescriptions (a pharmacy's first page, ${sent} sent to it, ${rows(total)} in all, SQLite)`;
  const width = Math.max(...q.lines.map((l) => label(l.total).length)) + 2;
  const [smallest, largest] = [q.lines[0], q.lines.at(-1)];
  const met = q.ratio >= q.goal;
  return [
    'Issue 20 pharmacy queue goal:',
    ...q.lines.map(
      (l) =>
        `  ${`${label(l.total)}:`.padEnd(width)} ${Math.round(l.median.requestsPerSec).toLocaleString('en-US').padStart(7)} req/s  ` +
        `p50 ${l.median.latencyP50Ms.toFixed(1)} ms  p99 ${l.median.latencyP99Ms.toFixed(1)} ms  ` +
        `= ${ratioText(l.ratioToBaseline)} raw node:http  (seeded in ${l.seedSeconds.toFixed(1)} s)`,
    ),
    `  the page among ${rows(largest?.total ?? 0)} ÷ among ${rows(smallest?.total ?? 0)}: ` +
      `${ratioText(q.ratio)}  (goal ≥ ${ratioText(q.goal)})  ${met ? 'OK' : 'SHORT'}`,
  ].join('\n');
}
