import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LandingSize } from './bundle-size.ts';
import type { Seeded } from './datasets.ts';
import type { Sample } from './load.ts';

// Issue 12's goal for the landing page's first download of JavaScript.
export const JS_BUDGET_KB = 110;

export type Synchronous = 'full' | 'normal';

export interface Measurement {
  name: string;
  /** Shown in brackets before the database, e.g. '20 meds'. */
  detail?: string;
  database?: 'sqlite' | 'postgres';
  /** SQLite's synchronous setting, for the durability pair only. */
  synchronous?: Synchronous;
  /** Other patients' medications in the table; only for scenarios measured across dataset sizes. */
  otherMedications?: number;
  /** One per round, in order. */
  samples: Sample[];
  median: Sample;
  /** median requests/sec divided by raw node:http's; absent for the baseline itself. */
  ratioToBaseline?: number;
  /**
   * On the larger dataset sizes: median requests/sec divided by the same scenario's on the same
   * database with the fewest other medications (1 means no slowdown as the table grows).
   */
  ratioToSmallestDataset?: { otherMedications: number; ratio: number };
}

export interface Dataset extends Seeded {
  database: 'sqlite' | 'postgres';
}

export interface GoalRow {
  label: string;
  /** Undefined when this run did not measure it (PostgreSQL not configured). */
  value: number | undefined;
  unit: '×' | 'ms' | 'MB';
  goal: number;
  /** 'at least' for ratios, 'at most' for latency and memory. */
  direction: 'at least' | 'at most';
}

export interface Report {
  startedAt: string;
  environment: { node: string; platform: string; cpus: number };
  settings: {
    connections: number;
    seconds: number;
    rounds: number;
    warmupSeconds: number;
    /** BENCH_OTHER_MEDICATIONS, smallest first. */
    otherMedications: number[];
    medicationsPerOtherPatient: number;
  };
  baseline: Measurement;
  scenarios: Measurement[];
  /** Write throughput of SQLite with synchronous FULL divided by NORMAL's, and the least we accept. */
  durability: { fullToNormal: number; goal: number };
  postgres: { measured: true; server: string } | { measured: false; reason: string };
  /** One fresh database per database kind and size, seeded before its Tend started. */
  datasets: Dataset[];
  landing: LandingSize & { jsBudgetKb: number };
  durationSeconds: number;
  /** Issue 12's API goals with this run's figures (goals.ts). */
  goals?: GoalRow[];
}

// Kilobytes of 1000 bytes, as Vite prints them, so the two can be compared.
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(n < 1 ? 2 : n < 10 ? 1 : 0)} ms`;
// Row counts as the issue writes them: 1 000 000.
const rows = (n: number) => n.toLocaleString('en-US').replaceAll(',', ' ');
// A third decimal below 0.1, where two would round 0.024 and 0.016 to "0.02" alike.
const times = (ratio: number) => `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×`;
const DATABASES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

function label(m: Measurement): string {
  const details = [
    m.detail,
    m.database && DATABASES[m.database],
    m.synchronous && `synchronous=${m.synchronous.toUpperCase()}`,
    m.otherMedications === undefined ? undefined : `${rows(m.otherMedications)} others`,
  ].filter(Boolean);
  return details.length > 0 ? `${m.name} (${details.join(', ')})` : m.name;
}

function throughputLines(report: Report): string[] {
  const measurements = [report.baseline, ...report.scenarios];
  const width = Math.max(...measurements.map((m) => label(m).length)) + 1;
  const rpsWidth = Math.max(...measurements.map((m) => count(m.median.requestsPerSec).length));
  return measurements.map((m) => {
    const ratio =
      m.ratioToBaseline === undefined ? '' : `  = ${times(m.ratioToBaseline)} raw node:http`;
    const growth = m.ratioToSmallestDataset
      ? `   (${times(m.ratioToSmallestDataset.ratio)} the ` +
        `${rows(m.ratioToSmallestDataset.otherMedications)} figure)`
      : '';
    return (
      `${`${label(m)}:`.padEnd(width)} ${count(m.median.requestsPerSec).padStart(rpsWidth)} req/s` +
      `  p50 ${ms(m.median.latencyP50Ms).padStart(6)}  p99 ${ms(m.median.latencyP99Ms).padStart(6)}` +
      `${ratio}${growth}`
    );
  });
}

function durabilityLines({ fullToNormal, goal }: Report['durability']): string[] {
  const verdict = fullToNormal >= goal ? 'OK' : 'SHORT';
  return [
    `SQLite writes with synchronous=FULL (each commit synced to disk): ${times(fullToNormal)} ` +
      `the NORMAL figure (goal ≥ ${times(goal)}): ${verdict}`,
    '',
  ];
}

function datasetLines(report: Report): string[] {
  if (report.datasets.length === 0) return [];
  const sizeWidth = Math.max(...report.datasets.map((d) => rows(d.otherMedications).length));
  return [
    `Other patients' medications (${report.settings.medicationsPerOtherPatient} each), ` +
      'inserted into each fresh database before its Tend started:',
    ...report.datasets.map(
      (d) =>
        `  ${DATABASES[d.database].padEnd(11)}${rows(d.otherMedications).padStart(sizeWidth)} ` +
        `medications of ${rows(d.otherPatients)} patients in ${d.seedSeconds.toFixed(2)} s`,
    ),
    '',
  ];
}

function landingLines(landing: Report['landing']): string[] {
  if (!landing.built) {
    return [`web app not built (${landing.indexFile} is missing): run "npm run build" first.`];
  }
  const group = (name: string, g: { gzipBytes: number; rawBytes: number; files: string[] }) =>
    `  ${name.padEnd(4)}${kb(g.gzipBytes).padStart(7)} KB gzip  (${kb(g.rawBytes)} KB raw, ` +
    `${g.files.length} ${g.files.length === 1 ? 'file' : 'files'})`;
  const verdict = landing.js.gzipBytes <= landing.jsBudgetKb * 1000 ? 'OK' : 'SHORT';
  return [
    'Landing page initial load (apps/web/dist, each file gzip -9):',
    group('JS', landing.js),
    group('CSS', landing.css),
    `landing initial JS: ${kb(landing.js.gzipBytes)} KB gzip (budget ${landing.jsBudgetKb} KB): ${verdict}`,
  ];
}

export function formatReport(report: Report): string {
  const { environment: env, settings: s } = report;
  const postgres = report.postgres.measured
    ? [`PostgreSQL: throwaway database on ${report.postgres.server}, dropped afterwards.`]
    : [report.postgres.reason];
  return [
    `Tend benchmark · Node ${env.node} · ${env.platform} · ${env.cpus} CPUs · ` +
      `${s.connections} connections · median of ${s.rounds} × ${s.seconds} s rounds`,
    '',
    ...throughputLines(report),
    ...postgres,
    '',
    ...durabilityLines(report.durability),
    ...datasetLines(report),
    ...landingLines(report.landing),
  ].join('\n');
}

export function writeReport(report: Report, file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
