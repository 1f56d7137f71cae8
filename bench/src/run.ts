/**
 * npm run bench: Tend's throughput as a ratio of raw node:http measured in the same run, on tables
 * of several sizes, plus the landing page's initial JS/CSS size. See bench/README.md.
 */
import os from 'node:os';
import path from 'node:path';
import { measureLanding } from './bundle-size.ts';
import { cleanUpOnSignals, defer, interrupted, runCleanup } from '../../scripts/lib/cleanup.ts';
import {
  MEDICATIONS_PER_OTHER_PATIENT,
  otherMedicationSizes,
  seedOtherPatients,
  type Store,
} from './datasets.ts';
import { load, medianSample, type RequestSpec, type Sample } from './load.ts';
import { createTempDatabase, describeUrl, postgresAdminUrl } from './postgres.ts';
import {
  formatReport,
  JS_BUDGET_KB,
  writeReport,
  type Dataset,
  type Measurement,
  type Report,
  type Synchronous,
} from './report.ts';
import { listScenario, scenarios, tickDoseScenario, type Scenario } from './scenarios.ts';
import { formatEventFanout, measureEventFanout } from './event-fanout.ts';
import { BUSY_CONNECTIONS, formatGoals, issue12Goals, type BusyList } from './goals.ts';
import { measureHealthDuringSignIns, measureServerMemory } from './hot-path.ts';
import { lighthouseSection } from './lighthouse.ts';
import { formatPharmacyQueue, measurePharmacyQueue } from './pharmacy-queue.ts';
import { formatCaregiverChecklist, measureCaregiverChecklist } from './caregiver-checklist.ts';
import { formatRouteTable, measureRouteTable } from './route-table.ts';
import { formatMeasurementsChart, measureMeasurementsChart } from './measurements-chart.ts';
import { formatUploadMemory, measureUploadMemory } from './upload-memory.ts';
import {
  makeDataDir,
  removeDataDir,
  repoRoot,
  startBaseline,
  startTend,
  type TendServer,
} from './server.ts';

const CONNECTIONS = 10;
// Three, so the median is a run of its own: with two it was their mean, and one slow round on this
// noisy VM moved a ratio by a tenth.
const ROUNDS = 3;
const SECONDS = 5;
const WARMUP_SECONDS = 2;
const RESULTS_FILE = path.join(import.meta.dirname, '../results/latest.json');
/**
 * SQLite's synchronous = FULL (the default) syncs the write-ahead log on every commit, so an
 * acknowledged write survives a power cut; NORMAL syncs only at checkpoints. The goal: FULL keeps
 * at least half of NORMAL's write throughput.
 */
const DURABILITY_GOAL = 0.5;

/** A started Tend and the size of the table it started on. */
interface App extends TendServer {
  otherMedications: number;
}

interface Target {
  name: string;
  detail?: string;
  database?: TendServer['database'];
  synchronous?: Synchronous;
  otherMedications?: number;
  url: string;
  request: RequestSpec;
  samples: Sample[];
}

const SKIP_POSTGRES =
  'PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user:password@host:5432/postgres ' +
  'to also measure it (a throwaway database is created and dropped).';

/**
 * A fresh database (SQLite under a new DATA_DIR, or the given PostgreSQL database), given Tend's
 * schema and `otherMedications` rows of other patients, then Tend started on it.
 */
async function startSeeded(
  otherMedications: number,
  databaseUrl?: string,
): Promise<{ app: App; dataset: Dataset }> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  const store: Store = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', dataDir };
  console.error(
    `Seeding ${otherMedications.toLocaleString('en-US')} medications of other patients ` +
      `(${store.kind}), then starting Tend…`,
  );
  const seeded = await seedOtherPatients(store, otherMedications);
  const app = await startTend(dataDir, databaseUrl);
  defer(() => app.stop());
  return { app: { ...app, otherMedications }, dataset: { database: app.database, ...seeded } };
}

async function startApps(sizes: number[]): Promise<{
  apps: App[];
  datasets: Dataset[];
  postgres: Report['postgres'];
}> {
  const started: { app: App; dataset: Dataset }[] = [];
  for (const size of sizes) started.push(await startSeeded(size));
  const result = (postgres: Report['postgres']) => ({
    apps: started.map((s) => s.app),
    datasets: started.map((s) => s.dataset),
    postgres,
  });

  const adminUrl = postgresAdminUrl();
  if (!adminUrl) return result({ measured: false, reason: SKIP_POSTGRES });
  if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
    const reason =
      'PostgreSQL skipped: BENCH_DATABASE_URL/TEST_DATABASE_URL is not a postgres:// URL.';
    return result({ measured: false, reason });
  }
  const server = describeUrl(adminUrl);
  for (const size of sizes) {
    let database;
    try {
      database = await createTempDatabase(adminUrl);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`could not create a database on ${server}: ${message}`, { cause: error });
    }
    defer(() => database.drop());
    started.push(await startSeeded(size, database.url));
  }
  return result({ measured: true, server });
}

/**
 * Every scenario on the smallest table of each database; scenarios marked acrossDatasets on every
 * size too. Apps come grouped by database, smallest first.
 */
async function targetsFor(apps: App[]): Promise<Target[]> {
  const targets: Target[] = [];
  for (const [index, app] of apps.entries()) {
    const smallest = apps[index - 1]?.database !== app.database;
    for (const scenario of scenarios) {
      if (!smallest && !scenario.acrossDatasets) continue;
      const target = await targetFor(scenario, app);
      targets.push({
        ...target,
        ...(scenario.acrossDatasets ? { otherMedications: app.otherMedications } : {}),
      });
    }
  }
  return targets;
}

async function targetFor(
  { name, detail, path: urlPath, setup, acrossDatasets: _, ...request }: Scenario,
  app: TendServer,
): Promise<Target> {
  const extra = setup ? await setup(app) : {};
  return {
    name,
    ...(detail ? { detail } : {}),
    database: app.database,
    url: app.baseUrl + (extra.path ?? urlPath),
    request: { ...request, headers: { ...request.headers, ...extra.headers } },
    samples: [],
  };
}

/** Two more Tends on fresh SQLite databases, FULL and NORMAL, each ticking a dose per request. */
async function durabilityTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  for (const synchronous of ['full', 'normal'] as const) {
    const dataDir = makeDataDir();
    defer(() => removeDataDir(dataDir));
    console.error(`Starting Tend (SQLite, synchronous=${synchronous.toUpperCase()})…`);
    const app = await startTend(dataDir, undefined, { SQLITE_SYNCHRONOUS: synchronous });
    defer(() => app.stop());
    targets.push({ ...(await targetFor(tickDoseScenario, app)), synchronous });
  }
  return targets;
}

function durabilityOf(measurements: Measurement[]): Report['durability'] {
  const full = measurements.find((m) => m.synchronous === 'full');
  const normal = measurements.find((m) => m.synchronous === 'normal');
  if (!full || !normal) throw new Error('the durability measurements are missing');
  return {
    fullToNormal: full.median.requestsPerSec / normal.median.requestsPerSec,
    goal: DURABILITY_GOAL,
  };
}

function summarize({
  name,
  detail,
  database,
  synchronous,
  otherMedications,
  samples,
}: Target): Measurement {
  return {
    name,
    ...(detail ? { detail } : {}),
    ...(database ? { database } : {}),
    ...(synchronous ? { synchronous } : {}),
    ...(otherMedications === undefined ? {} : { otherMedications }),
    samples,
    median: medianSample(samples),
  };
}

/** Each figure on a larger table against the same scenario's on the smallest of that database. */
function withDatasetRatios(measurements: Measurement[]): Measurement[] {
  return measurements.map((m) => {
    if (m.otherMedications === undefined) return m;
    const smallest = measurements.find(
      (other) =>
        other.name === m.name &&
        other.database === m.database &&
        other.otherMedications !== undefined,
    );
    if (smallest?.otherMedications === undefined || smallest === m) return m;
    const ratio = m.median.requestsPerSec / smallest.median.requestsPerSec;
    return { ...m, ratioToSmallestDataset: { otherMedications: smallest.otherMedications, ratio } };
  });
}

/** The medication list on the smallest table of each database at BUSY_CONNECTIONS: its p99. */
async function busyList(targets: Target[], smallest: number | undefined): Promise<BusyList[]> {
  const busy: BusyList[] = [];
  for (const t of targets) {
    if (t.name !== listScenario.name || t.otherMedications !== smallest || !t.database) continue;
    console.error(`The list at ${BUSY_CONNECTIONS} connections (${t.database})…`);
    const samples: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      samples.push(
        await load(t.url, t.request, { seconds: SECONDS, connections: BUSY_CONNECTIONS }),
      );
    }
    const m = medianSample(samples);
    busy.push({ database: t.database, p99Ms: m.latencyP99Ms, requestsPerSec: m.requestsPerSec });
  }
  return busy;
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const landing = measureLanding(path.join(repoRoot, 'apps/web/dist'));

  const sizes = otherMedicationSizes();
  console.error('Starting raw node:http…');
  const baselineServer = await startBaseline();
  defer(() => baselineServer.stop());
  const { apps, datasets, postgres } = await startApps(sizes);
  console.error(`Signing in the benchmark patient on ${apps.length} Tend servers…`);
  const baseline: Target = {
    name: 'raw node:http',
    url: `${baselineServer.baseUrl}/`,
    request: {},
    samples: [],
  };
  const targets = [baseline, ...(await targetsFor(apps)), ...(await durabilityTargets())];

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

  const busy = await busyList(targets, sizes[0]);
  const memory = await measureServerMemory();
  const healthUnderSignIns = await measureHealthDuringSignIns();

  const base = summarize(baseline);
  const measured = withDatasetRatios(
    targets.slice(1).map((t) => {
      const m = summarize(t);
      return { ...m, ratioToBaseline: m.median.requestsPerSec / base.median.requestsPerSec };
    }),
  );
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
      otherMedications: sizes,
      medicationsPerOtherPatient: MEDICATIONS_PER_OTHER_PATIENT,
    },
    baseline: base,
    scenarios: measured,
    durability: durabilityOf(measured),
    postgres,
    datasets,
    landing: { ...landing, jsBudgetKb: JS_BUDGET_KB },
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  };
  report.goals = issue12Goals(report, { busy, memory, healthUnderSignIns });
  writeReport(report, RESULTS_FILE);
  console.log(`\n${formatReport(report)}\n`);
  console.log(`${formatGoals(report.goals)}\n`);
  // Issue 23: every signed-in route, on each database measured above.
  for (const database of postgres.measured
    ? (['sqlite', 'postgres'] as const)
    : (['sqlite'] as const)) {
    console.log(`${formatRouteTable(await measureRouteTable(database))}\n`);
  }
  console.log(`${formatPharmacyQueue(await measurePharmacyQueue(baseline.url))}\n`);
  console.log(`${formatCaregiverChecklist(await measureCaregiverChecklist())}\n`);
  console.log(`${formatMeasurementsChart(await measureMeasurementsChart())}\n`);
  console.log(`${formatUploadMemory(await measureUploadMemory())}\n`);
  console.log(`${formatEventFanout(await measureEventFanout())}\n`);
  console.log(`${await lighthouseSection()}\n`);
  console.log(
    `Figures in ${path.relative(repoRoot, RESULTS_FILE)} (took ${report.durationSeconds} s).`,
  );
}

cleanUpOnSignals();
try {
  await main();
} catch (error) {
  if (!interrupted()) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(
      `\nbench failed: ${error instanceof Error ? error.message : String(error)}${cause}`,
    );
    process.exitCode = 1;
  }
} finally {
  await runCleanup();
}
