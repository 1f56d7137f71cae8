/**
 * npm run chaos: Tend under bad input, database faults, crashes, two instances and load. Each part
 * prints its figures as a small table; any missed expectation makes the run exit 1. See README.md.
 * CHAOS_PARTS=fuzz,pg-terminate,pg-crash,sqlite-crash,two-instances,jobs,load,lockout picks parts
 * (default: all).
 */
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { postgresUrl, POSTGRES_SKIPPED } from './postgres.ts';
import { formatPart, type PartResult } from './report.ts';
import { runFuzz } from './parts/fuzz.ts';
import { runJobs } from './parts/jobs.ts';
import { runLoad } from './parts/load.ts';
import { runLockout } from './parts/lockout.ts';
import { runPgCrash } from './parts/pg-crash.ts';
import { runPgTerminate } from './parts/pg-terminate.ts';
import { runSqliteCrash } from './parts/sqlite-crash.ts';
import { runTwoInstances } from './parts/two-instances.ts';

const ALL_PARTS = [
  'fuzz',
  'pg-terminate',
  'pg-crash',
  'sqlite-crash',
  'two-instances',
  'jobs',
  'load',
  'lockout',
] as const;
type Part = (typeof ALL_PARTS)[number];

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number (got "${raw}").`);
  return Number(raw);
}

function selectedParts(): Part[] {
  const raw = process.env.CHAOS_PARTS?.trim();
  if (!raw) return [...ALL_PARTS];
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ALL_PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `CHAOS_PARTS: unknown part ${unknown.join(', ')}; choose from ${ALL_PARTS.join(', ')}.`,
    );
  }
  return names as Part[];
}

const skippedOnPostgres = (part: string): PartResult => ({
  part,
  database: 'PostgreSQL',
  figures: [],
  failures: [],
  skipped: POSTGRES_SKIPPED,
});

type Database = 'sqlite' | 'postgres';

/**
 * A part that runs on SQLite and, when there is a PostgreSQL server, on PostgreSQL too: side by side,
 * or in turn where each run needs the machine to itself.
 */
async function onBothDatabases<Options extends { postgresAdminUrl?: string }>(
  part: Part,
  pg: string | undefined,
  options: Options,
  run: (database: Database, options: Options) => Promise<PartResult>,
  order: 'side by side' | 'in turn',
): Promise<PartResult[]> {
  const onPostgres = async () =>
    pg ? run('postgres', { ...options, postgresAdminUrl: pg }) : skippedOnPostgres(part);
  if (order === 'side by side') return Promise.all([run('sqlite', options), onPostgres()]);
  return [await run('sqlite', options), await onPostgres()];
}

async function runPart(part: Part, pg: string | undefined): Promise<PartResult[]> {
  switch (part) {
    case 'fuzz': {
      const options = {
        requests: wholeNumber('CHAOS_FUZZ_REQUESTS', 10_000),
        seed: wholeNumber('CHAOS_SEED', 20_261_125),
      };
      // Side by side: the PostgreSQL run mostly waits on the network while the SQLite one computes.
      return onBothDatabases(part, pg, options, runFuzz, 'side by side');
    }
    case 'pg-terminate':
      return [pg ? await runPgTerminate(pg) : skippedOnPostgres(part)];
    case 'pg-crash':
      // A cluster of its own (initdb), so it needs PostgreSQL's programs, not TEST_DATABASE_URL.
      return [await runPgCrash()];
    case 'sqlite-crash':
      return [await runSqliteCrash()];
    case 'two-instances':
      return [pg ? await runTwoInstances(pg) : skippedOnPostgres(part)];
    case 'jobs':
      return [pg ? await runJobs(pg) : skippedOnPostgres(part)];
    case 'load': {
      const options = {
        connections: wholeNumber('CHAOS_LOAD_CONNECTIONS', 200),
        seconds: wholeNumber('CHAOS_LOAD_SECONDS', 60),
      };
      // Side by side, as the fuzz: each database still has its 200 connections asking without
      // pause, so both are saturated, and the two minutes become one.
      return onBothDatabases(part, pg, options, runLoad, 'side by side');
    }
    case 'lockout': {
      const options = {
        guesses: wholeNumber('CHAOS_LOCKOUT_GUESSES', 1000),
        addresses: wholeNumber('CHAOS_LOCKOUT_ADDRESSES', 200),
        seconds: wholeNumber('CHAOS_LOCKOUT_SECONDS', 15),
      };
      return onBothDatabases(part, pg, options, runLockout, 'in turn');
    }
  }
}

/**
 * Parts that mostly wait (the jobs part waits for the next whole minute, then for a lease to run
 * out): they run beside the light parts instead of after them, which saves CI a minute or more.
 */
const WAITING_PARTS: readonly Part[] = ['jobs'];
/** Parts that fill both cores, whose figures and deadlines nothing else may disturb. */
const HEAVY_PARTS: readonly Part[] = ['load', 'lockout'];

async function main(): Promise<boolean> {
  const parts = selectedParts();
  const pg = postgresUrl();
  const startedAt = Date.now();
  let passed = true;
  const runTimed = async (part: Part): Promise<PartResult[]> => {
    console.error(`\n… ${part}`);
    const partStarted = Date.now();
    const results = await runPart(part, pg);
    console.error(`  (${part} took ${Math.round((Date.now() - partStarted) / 1000)} s)`);
    return results;
  };
  const print = (results: PartResult[]) => {
    for (const result of results) {
      console.log(`\n${formatPart(result)}`);
      if (result.failures.length > 0) passed = false;
    }
  };
  const waiting = parts.filter((part) => WAITING_PARTS.includes(part)).map(runTimed);
  // Handled now (its failure is thrown where it is settled), not reported as unhandled meanwhile.
  for (const started of waiting) started.catch(() => {});
  // Settled before the heavy parts or the end, whichever comes first; a failure is thrown there.
  let settled = false;
  const settleWaiting = async () => {
    if (settled) return;
    settled = true;
    for (const results of await Promise.all(waiting)) print(results);
  };
  try {
    for (const part of parts) {
      if (WAITING_PARTS.includes(part)) continue;
      if (HEAVY_PARTS.includes(part)) await settleWaiting();
      print(await runTimed(part));
    }
    await settleWaiting();
  } finally {
    // A part that threw leaves the waiting ones to finish (and clean up) before the run ends.
    await Promise.allSettled(waiting);
  }
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(
    `\nchaos: ${passed ? 'every part passed' : 'FAILED'} (${parts.join(', ')}; ${seconds} s)`,
  );
  return passed;
}

cleanUpOnSignals();
try {
  if (!(await main())) process.exitCode = 1;
} catch (error) {
  console.error(
    `\nchaos could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await runCleanup();
}
