/**
 * npm run bench: Tend's throughput as a ratio of raw node:http measured in the same run, plus the
 * landing page's initial JS/CSS size. See bench/README.md.
 */
import os from 'node:os';
import path from 'node:path';
import { measureLanding } from './bundle-size.ts';
import { cleanUpOnSignals, defer, interrupted, runCleanup } from './cleanup.ts';
import { load, medianSample, type RequestSpec, type Sample } from './load.ts';
import { createTempDatabase, describeUrl, postgresAdminUrl } from './postgres.ts';
import {
  formatReport,
  JS_BUDGET_KB,
  writeReport,
  type Measurement,
  type Report,
} from './report.ts';
import { scenarios } from './scenarios.ts';
import { repoRoot, startBaseline, startTend, type TendServer } from './server.ts';

const CONNECTIONS = 10;
const ROUNDS = 2;
const SECONDS = 5;
const WARMUP_SECONDS = 2;
const RESULTS_FILE = path.join(import.meta.dirname, '../results/latest.json');

interface Target {
  name: string;
  database?: TendServer['database'];
  url: string;
  request: RequestSpec;
  samples: Sample[];
}

const SKIP_POSTGRES =
  'PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user:password@host:5432/postgres ' +
  'to also measure it (a throwaway database is created and dropped).';

async function startApps(): Promise<{ apps: TendServer[]; postgres: Report['postgres'] }> {
  const sqlite = await startTend();
  defer(() => sqlite.stop());
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) return { apps: [sqlite], postgres: { measured: false, reason: SKIP_POSTGRES } };
  if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
    const reason =
      'PostgreSQL skipped: BENCH_DATABASE_URL/TEST_DATABASE_URL is not a postgres:// URL.';
    return { apps: [sqlite], postgres: { measured: false, reason } };
  }
  const server = describeUrl(adminUrl);
  let database;
  try {
    database = await createTempDatabase(adminUrl);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`could not create a database on ${server}: ${message}`, { cause: error });
  }
  defer(() => database.drop());
  const postgres = await startTend(database.url);
  defer(() => postgres.stop());
  return { apps: [sqlite, postgres], postgres: { measured: true, server } };
}

async function targetsFor(apps: TendServer[]): Promise<Target[]> {
  const targets: Target[] = [];
  for (const app of apps) {
    for (const { name, path: urlPath, setup, ...request } of scenarios) {
      const extra = setup ? await setup(app) : {};
      const headers = { ...request.headers, ...extra.headers };
      const url = app.baseUrl + urlPath;
      targets.push({
        name,
        database: app.database,
        url,
        request: { ...request, headers },
        samples: [],
      });
    }
  }
  return targets;
}

function summarize({ name, database, samples }: Target): Measurement {
  return { name, ...(database ? { database } : {}), samples, median: medianSample(samples) };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const landing = measureLanding(path.join(repoRoot, 'apps/web/dist'));

  console.error('Starting raw node:http and Tend…');
  const baselineServer = await startBaseline();
  defer(() => baselineServer.stop());
  const { apps, postgres } = await startApps();
  const baseline: Target = {
    name: 'raw node:http',
    url: `${baselineServer.baseUrl}/`,
    request: {},
    samples: [],
  };
  const targets = [baseline, ...(await targetsFor(apps))];

  const options = { connections: CONNECTIONS };
  console.error(`Warming up (${targets.length} × ${WARMUP_SECONDS} s)…`);
  for (const t of targets) await load(t.url, t.request, { ...options, seconds: WARMUP_SECONDS });
  for (let round = 0; round < ROUNDS; round++) {
    // Every other round runs backwards (A B, B A) so a drift in machine load hits all targets alike.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    console.error(`Round ${round + 1}/${ROUNDS} (${order.length} × ${SECONDS} s)…`);
    for (const t of order) {
      t.samples.push(await load(t.url, t.request, { ...options, seconds: SECONDS }));
    }
  }

  const base = summarize(baseline);
  const report: Report = {
    startedAt: startedAt.toISOString(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.availableParallelism(),
    },
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_SECONDS,
    },
    baseline: base,
    scenarios: targets.slice(1).map((t) => {
      const m = summarize(t);
      return { ...m, ratioToBaseline: m.median.requestsPerSec / base.median.requestsPerSec };
    }),
    postgres,
    landing: { ...landing, jsBudgetKb: JS_BUDGET_KB },
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  };
  writeReport(report, RESULTS_FILE);
  console.log(`\n${formatReport(report)}\n`);
  console.log(
    `Figures in ${path.relative(repoRoot, RESULTS_FILE)} (took ${report.durationSeconds} s).`,
  );
}

cleanUpOnSignals();
try {
  await main();
} catch (error) {
  if (!interrupted()) {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await runCleanup();
}
