/**
 * Issue 21's chart goal: GET /api/v1/measurements/series for a patient with four heart-rate readings a
 * day for three years (4 380 readings), a year by week against the last 7 days by day, on SQLite. The
 * series sums the patient's roll-up (a row per day, week and month; decision 027), so a year in weeks
 * should cost about what a week in days does: the goal is ≥ 0.5×, and the year's answer must hold at
 * most 400 points. The readings are seeded straight into the table, so the first (unmeasured) call of
 * each chart below builds the roll-up, as a move to another time zone would.
 */
import { DatabaseSync } from 'node:sqlite';
import { defer } from '../../scripts/lib/cleanup.ts';
import { seedOtherPatients, sqliteFile } from './datasets.ts';
import { load, medianSample, type Sample } from './load.ts';
import { BENCH_PATIENT, call, field, registerAndSignIn } from './scenarios.ts';
import { makeDataDir, removeDataDir, startTend } from './server.ts';

export const CHART_GOAL = 0.5;
export const CHART_MAX_POINTS = 400;
const READINGS_PER_DAY = 4;
const DAYS = 3 * 365;
const ROUNDS = 3;
const SECONDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;

export interface ChartLine {
  label: string;
  points: number;
  median: Sample;
}

export interface MeasurementsChart {
  readings: number;
  year: ChartLine;
  week: ChartLine;
  /** The year's throughput ÷ the week's. */
  ratio: number;
  goal: number;
}

/** Four readings a day (every 6 hours) for DAYS days up to `end`, in one statement. */
export function seedReadings(file: string, patientId: string, end: Date): void {
  const database = new DatabaseSync(file);
  try {
    database.exec('PRAGMA busy_timeout = 10000');
    database.exec('BEGIN IMMEDIATE');
    database
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < :rows)
         INSERT INTO measurements (id, patient_id, kind, value, value2, taken_at, note,
                                   recorded_by, created_at)
         SELECT printf('bench-reading-%09d', i), :patient, 'heartrate', 60 + (i * 7) % 40, NULL,
                strftime('%Y-%m-%dT%H:%M:%fZ', :end, printf('-%d hours', (i + 1) * 6)), NULL,
                :patient, :end
         FROM n`,
      )
      .run({ rows: DAYS * READINGS_PER_DAY, patient: patientId, end: end.toISOString() });
    database.exec('COMMIT');
  } finally {
    database.close();
  }
}

const daysBefore = (date: Date, days: number) =>
  new Date(date.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export async function measureMeasurementsChart(): Promise<MeasurementsChart> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  await seedOtherPatients({ kind: 'sqlite', dataDir }, 0);
  const app = await startTend(dataDir);
  defer(() => app.stop());
  const { id, token } = await registerAndSignIn(app, 'the benchmark patient', {
    ...BENCH_PATIENT,
    timezone: 'America/New_York',
  });
  const now = new Date();
  console.error(`Seeding ${(DAYS * READINGS_PER_DAY).toLocaleString('en-US')} readings (sqlite)…`);
  seedReadings(sqliteFile(dataDir), id, now);

  const path = '/api/v1/measurements/series?kind=heartrate';
  const targets = [
    { label: 'a year by week', query: `${path}&bucket=week&from=${daysBefore(now, 364)}` },
    { label: 'the last 7 days by day', query: `${path}&bucket=day&from=${daysBefore(now, 6)}` },
  ].map((t) => ({ ...t, url: app.baseUrl + t.query, samples: [] as Sample[], points: 0 }));
  for (const t of targets) {
    const points = field(await call(app, 'GET', t.query, 200, { token }), 'points');
    if (!Array.isArray(points) || points.length === 0) {
      throw new Error(`the series of ${t.label} on ${app.name} had no points`);
    }
    t.points = points.length;
  }
  const headers = { authorization: `Bearer ${token}` };
  const options = { connections: CONNECTIONS };
  console.error(`Measurement charts: warming up, then ${ROUNDS} rounds…`);
  for (const t of targets) await load(t.url, { headers }, { ...options, seconds: WARMUP_SECONDS });
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      t.samples.push(await load(t.url, { headers }, { ...options, seconds: SECONDS }));
    }
  }
  const [year, week] = targets.map((t) => ({
    label: t.label,
    points: t.points,
    median: medianSample(t.samples),
  }));
  if (!year || !week) throw new Error('the measurement charts measured nothing');
  return {
    readings: DAYS * READINGS_PER_DAY,
    year,
    week,
    ratio: year.median.requestsPerSec / week.median.requestsPerSec,
    goal: CHART_GOAL,
  };
}

export function formatMeasurementsChart(c: MeasurementsChart): string {
  const line = (l: ChartLine) =>
    `  GET /api/v1/measurements/series, ${l.label} (${l.points} points):`.padEnd(74) +
    ` ${Math.round(l.median.requestsPerSec).toLocaleString('en-US').padStart(7)} req/s  ` +
    `p50 ${l.median.latencyP50Ms.toFixed(1)} ms  p99 ${l.median.latencyP99Ms.toFixed(1)} ms`;
  const fast = c.ratio >= c.goal;
  const few = c.year.points <= CHART_MAX_POINTS;
  return [
    `Issue 21 chart goal (${c.readings.toLocaleString('en-US')} readings over 3 years, SQLite):`,
    line(c.year),
    line(c.week),
    `  a year ÷ 7 days: ${c.ratio.toFixed(2)}×  (goal ≥ ${c.goal.toFixed(2)}×)  ${fast ? 'OK' : 'SHORT'}`,
    `  points in the year: ${c.year.points}  (goal ≤ ${CHART_MAX_POINTS})  ${few ? 'OK' : 'SHORT'}`,
  ].join('\n');
}
