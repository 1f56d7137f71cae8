import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LandingSize } from './bundle-size.ts';
import type { Sample } from './load.ts';

export const JS_BUDGET_KB = 150;

export interface Measurement {
  name: string;
  database?: 'sqlite' | 'postgres';
  /** One per round, in order. */
  samples: Sample[];
  median: Sample;
  /** median requests/sec divided by raw node:http's; absent for the baseline itself. */
  ratioToBaseline?: number;
}

export interface Report {
  startedAt: string;
  environment: { node: string; platform: string; cpus: number };
  settings: { connections: number; seconds: number; rounds: number; warmupSeconds: number };
  baseline: Measurement;
  scenarios: Measurement[];
  postgres: { measured: true; server: string } | { measured: false; reason: string };
  landing: LandingSize & { jsBudgetKb: number };
  durationSeconds: number;
}

// Kilobytes of 1000 bytes, as Vite prints them, so the two can be compared.
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(n < 1 ? 2 : n < 10 ? 1 : 0)} ms`;
const DATABASES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

function label(m: Measurement): string {
  return m.database ? `${m.name} (${DATABASES[m.database]})` : m.name;
}

function throughputLines(report: Report): string[] {
  const rows = [report.baseline, ...report.scenarios];
  const width = Math.max(...rows.map((m) => label(m).length)) + 1;
  const rpsWidth = Math.max(...rows.map((m) => count(m.median.requestsPerSec).length));
  return rows.map((m) => {
    const ratio =
      m.ratioToBaseline === undefined ? '' : `  = ${m.ratioToBaseline.toFixed(2)}× raw node:http`;
    return (
      `${`${label(m)}:`.padEnd(width)} ${count(m.median.requestsPerSec).padStart(rpsWidth)} req/s` +
      `  p50 ${ms(m.median.latencyP50Ms).padStart(6)}  p99 ${ms(m.median.latencyP99Ms).padStart(6)}${ratio}`
    );
  });
}

function landingLines(landing: Report['landing']): string[] {
  if (!landing.built) {
    return [`web app not built (${landing.indexFile} is missing): run "npm run build" first.`];
  }
  const group = (name: string, g: { gzipBytes: number; rawBytes: number; files: string[] }) =>
    `  ${name.padEnd(4)}${kb(g.gzipBytes).padStart(7)} KB gzip  (${kb(g.rawBytes)} KB raw, ` +
    `${g.files.length} ${g.files.length === 1 ? 'file' : 'files'})`;
  const verdict = landing.js.gzipBytes <= landing.jsBudgetKb * 1000 ? 'OK' : 'OVER BUDGET';
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
    ...landingLines(report.landing),
  ].join('\n');
}

export function writeReport(report: Report, file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
