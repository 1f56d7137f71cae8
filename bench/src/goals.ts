/**
 * Issue 12's API goals, each printed beside what this run measured with OK or SHORT. The figures
 * are ratios or latencies of the same run (bench/README.md "Reading the ratios"); none is a test.
 */
import type { HealthUnderSignIns, ServerMemory } from './hot-path.ts';
import type { GoalRow, Measurement, Report } from './report.ts';

export const BUSY_CONNECTIONS = 50;

/** The medication list's p99 at BUSY_CONNECTIONS, per database, on the smallest table. */
export interface BusyList {
  database: 'sqlite' | 'postgres';
  p99Ms: number;
  requestsPerSec: number;
}

export interface HotPathFigures {
  busy: BusyList[];
  memory: ServerMemory;
  healthUnderSignIns: HealthUnderSignIns;
}

const LIST = 'GET /api/v1/medications';
const HEALTH = 'GET /api/v1/health';

function find(report: Report, name: string, database: 'sqlite' | 'postgres', largest = false) {
  const found = report.scenarios.filter((m) => m.name === name && m.database === database);
  return largest ? found.at(-1) : found[0];
}

const ratio = (m: Measurement | undefined) => m?.ratioToBaseline;

export function issue12Goals(report: Report, figures: HotPathFigures): GoalRow[] {
  const busy = (database: 'sqlite' | 'postgres') =>
    figures.busy.find((b) => b.database === database)?.p99Ms;
  const growth = (database: 'sqlite' | 'postgres') =>
    find(report, LIST, database, true)?.ratioToSmallestDataset?.ratio;
  const sizes = report.settings.otherMedications;
  const [smallest = 0, largest = 0] = [sizes[0], sizes.at(-1)];
  const rows = (n: number) => n.toLocaleString('en-US').replaceAll(',', ' ');
  const lines: GoalRow[] = [
    {
      label: `${LIST} (20 meds) ÷ raw node:http, SQLite`,
      value: ratio(find(report, LIST, 'sqlite')),
      unit: '×',
      goal: 0.3,
      direction: 'at least',
    },
    {
      label: `${LIST} (20 meds) ÷ raw node:http, PostgreSQL`,
      value: ratio(find(report, LIST, 'postgres')),
      unit: '×',
      goal: 0.15,
      direction: 'at least',
    },
    {
      label: `${HEALTH} ÷ raw node:http, SQLite`,
      value: ratio(find(report, HEALTH, 'sqlite')),
      unit: '×',
      goal: 0.8,
      direction: 'at least',
    },
    {
      label: `p99 of the list at ${BUSY_CONNECTIONS} connections, SQLite`,
      value: busy('sqlite'),
      unit: 'ms',
      goal: 15,
      direction: 'at most',
    },
    {
      label: `p99 of the list at ${BUSY_CONNECTIONS} connections, PostgreSQL`,
      value: busy('postgres'),
      unit: 'ms',
      goal: 25,
      direction: 'at most',
    },
  ];
  if (largest > smallest) {
    for (const [database, name] of [
      ['sqlite', 'SQLite'],
      ['postgres', 'PostgreSQL'],
    ] as const) {
      lines.push({
        label: `the list with ${rows(largest)} others ÷ with ${rows(smallest)}, ${name}`,
        value: growth(database),
        unit: '×',
        goal: 0.9,
        direction: 'at least',
      });
    }
  }
  const { memory, healthUnderSignIns } = figures;
  lines.push(
    {
      label: 'server RSS idle (SQLite)',
      value: memory.idleMb,
      unit: 'MB',
      goal: 120,
      direction: 'at most',
    },
    {
      label: `server RSS after ${memory.loadSeconds} s of the list (SQLite)`,
      value: memory.afterLoadMb,
      unit: 'MB',
      goal: 200,
      direction: 'at most',
    },
    {
      label: `${HEALTH} p99 while ${Math.round(healthUnderSignIns.signInsPerSec)} sign-ins a second hash passwords`,
      value: healthUnderSignIns.health.latencyP99Ms,
      unit: 'ms',
      goal: 20,
      direction: 'at most',
    },
  );
  return lines;
}

const show = (value: number, unit: GoalRow['unit']) =>
  unit === '×'
    ? `${value.toFixed(value < 0.1 ? 3 : 2)}×`
    : `${value.toFixed(unit === 'ms' && value < 10 ? 1 : 0)} ${unit}`;

export function formatGoals(goals: GoalRow[]): string {
  const width = Math.max(...goals.map((g) => g.label.length)) + 1;
  return [
    'Issue 12 API goals (ratios and latencies of this run):',
    ...goals.map((g) => {
      const target = `goal ${g.direction === 'at least' ? '≥' : '≤'} ${show(g.goal, g.unit)}`;
      if (g.value === undefined) return `  ${`${g.label}:`.padEnd(width)} not measured (${target})`;
      const met = g.direction === 'at least' ? g.value >= g.goal : g.value <= g.goal;
      return `  ${`${g.label}:`.padEnd(width)} ${show(g.value, g.unit).padStart(8)}  (${target})  ${met ? 'OK' : 'SHORT'}`;
    }),
  ].join('\n');
}
