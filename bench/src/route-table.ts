import { defer } from '../../scripts/lib/cleanup.ts';
import {
  geometricMean,
  measureTargets,
  mixTarget,
  ROUTE_GOALS,
  routeTargets,
  writeTargets,
  type RouteTarget,
} from './all-routes.ts';
import { median } from './load.ts';
import { createTempDatabase, postgresAdminUrl } from './postgres.ts';
import { seedRealisticData } from './realistic-data.ts';
import { makeDataDir, removeDataDir, startBaseline, startTend, type TendServer } from './server.ts';

export interface RouteLine {
  label: string;
  requestsPerSec: number;
  ratio: number;
  kind: 'read' | 'write';
}

export interface RouteTable {
  database: TendServer['database'];
  /** Raw node:http loaded with wrk, the GETs' and the mix's yardstick. */
  baselinePerSec: number;
  /** Raw node:http loaded with autocannon, the writes' yardstick. */
  writeBaselinePerSec: number;
  lines: RouteLine[];
  mix: RouteLine;
  geometricMean: number;
  slowest: RouteLine;
}

const ROUNDS = Number(process.env.BENCH_ROUTE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 2);

/**
 * Every signed-in GET and the three writes on one database (a fresh SQLite DATA_DIR, or a
 * throwaway PostgreSQL database), against raw node:http measured between them.
 */
export async function measureRouteTable(
  database: TendServer['database'],
  progress: (line: string) => void = (line) => console.error(line),
): Promise<RouteTable> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  let databaseUrl: string | undefined;
  if (database === 'postgres') {
    const adminUrl = postgresAdminUrl();
    if (!adminUrl) throw new Error('no PostgreSQL to measure: set BENCH_DATABASE_URL');
    const temp = await createTempDatabase(adminUrl);
    defer(() => temp.drop());
    databaseUrl = temp.url;
  }
  const baselineServer = await startBaseline();
  defer(() => baselineServer.stop());
  const app = await startTend(dataDir, databaseUrl, { TRUST_PROXY: 'true' });
  defer(() => app.stop());
  progress(`Every signed-in route (${database}): seeding the realistic data…`);
  const data = await seedRealisticData(app);
  // The writers first: they are the doctor's other patients, whom the doctor's GETs then list.
  // BENCH_ROUTES=word measures only the routes whose label holds it (while working on them).
  const only = process.env.BENCH_ROUTES;
  const writes = (await writeTargets(app)).filter((t) => !only || t.label.includes(only));
  const reads = (await routeTargets(app, data)).filter((t) => !only || t.label.includes(only));
  const mix = mixTarget(app, reads);
  const yardstick = (kind: RouteTarget['kind']): RouteTarget => ({
    label: 'raw node:http',
    url: baselineServer.baseUrl,
    request: {},
    samples: [],
    kind,
  });
  const baselines = { read: yardstick('read'), write: yardstick('write') };
  progress(
    `  ${reads.length} GETs, the mix and ${writes.length} writes, ${ROUNDS} rounds of ${SECONDS} s…`,
  );
  await measureTargets(
    [...reads, mix, ...writes],
    baselines,
    { rounds: ROUNDS, seconds: SECONDS },
    progress,
  );
  const perSec = (t: RouteTarget) => median(t.samples.map((s) => s.requestsPerSec));
  const baselinePerSec = perSec(baselines.read);
  const writeBaselinePerSec = writes.length > 0 ? perSec(baselines.write) : Number.NaN;
  const lineOf = (t: RouteTarget): RouteLine => {
    const requestsPerSec = perSec(t);
    const yardstickPerSec = t.kind === 'read' ? baselinePerSec : writeBaselinePerSec;
    return {
      label: t.label,
      requestsPerSec,
      ratio: requestsPerSec / yardstickPerSec,
      kind: t.kind,
    };
  };
  const lines = [...reads, ...writes].map(lineOf);
  const readLines = lines.filter((l) => l.kind === 'read');
  const slowest = readLines.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  return {
    database,
    baselinePerSec,
    writeBaselinePerSec,
    lines,
    mix: lineOf(mix),
    geometricMean: geometricMean(readLines.map((l) => l.ratio)),
    slowest,
  };
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'SHORT');
const perSecond = (n: number) => Math.round(n).toLocaleString('en-US');

export function formatRouteTable(t: RouteTable): string {
  const row = (l: RouteLine) =>
    `  ${l.label.padEnd(66)} ${Math.round(l.requestsPerSec).toLocaleString('en-US').padStart(7)} req/s  ${l.ratio.toFixed(3)}×`;
  const meanGoal = ROUTE_GOALS.geometricMean[t.database];
  const tick = t.lines.find((l) => l.label.startsWith('PATCH /api/v1/medications/{id}'));
  const out = [
    `Every signed-in route on ${t.database} (ratio to raw node:http, ${perSecond(t.baselinePerSec)} req/s with wrk in this run):`,
    ...t.lines.filter((l) => l.kind === 'read').map(row),
    row(t.mix),
    `  writes (ratio to raw node:http, ${perSecond(t.writeBaselinePerSec)} req/s with autocannon in this run):`,
    ...t.lines.filter((l) => l.kind === 'write').map(row),
    `  geometric mean of the GETs: ${t.geometricMean.toFixed(3)}×  (goal ≥ ${meanGoal}×)  ${verdict(t.geometricMean >= meanGoal)}`,
    `  slowest: ${t.slowest.label} ${t.slowest.ratio.toFixed(3)}×  (goal ≥ ${ROUTE_GOALS.slowest}×)  ${verdict(t.slowest.ratio >= ROUTE_GOALS.slowest)}`,
  ];
  if (t.database === 'sqlite') {
    out.push(
      `  round-robin mix: ${t.mix.ratio.toFixed(3)}×  (goal ≥ ${ROUTE_GOALS.mix}×)  ${verdict(t.mix.ratio >= ROUTE_GOALS.mix)}`,
    );
    if (tick) {
      out.push(
        `  ticking a dose (synchronous = FULL): ${tick.ratio.toFixed(3)}×  (goal ≥ ${ROUTE_GOALS.tick}×)  ${verdict(tick.ratio >= ROUTE_GOALS.tick)}`,
      );
    }
  }
  return out.join('\n');
}
