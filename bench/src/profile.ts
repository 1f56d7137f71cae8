/**
 * Where a signed-in request's time goes (issue 23): starts Tend as production runs it (SQLite) with
 * V8's CPU profiler on, fills it with the realistic data, loads each given route for a while as the
 * patient (or as the doctor with `doctor:` before the path), stops, and prints the heaviest
 * functions and packages by self time. The .cpuprofile is kept for Chrome DevTools.
 *
 *   npx node bench/src/profile.ts /api/v1/me /api/v1/conversations doctor:/api/v1/patients
 *   PROFILE_BODY='{"taken":true}' npx node bench/src/profile.ts 'PATCH:/api/v1/medications/{medication}'
 *   npx node bench/src/profile.ts mix     # the route table's round-robin of every GET, with wrk
 *
 * Profiling slows the server; read the shares, not the speed. PROFILE_CPU_ONLY=1 leaves the
 * profiler off and prints only each route's CPU time a request, which other work on the machine
 * hardly moves: the figure to compare a change by.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanUpOnSignals, defer, runCleanup } from '../../scripts/lib/cleanup.ts';
import { load } from './load.ts';
import { cpuSecondsOf } from './process-cpu.ts';
import { mixTarget, routeTargets, writeTargets } from './all-routes.ts';
import { sqliteFile } from './datasets.ts';
import { seedReadings } from './measurements-chart.ts';
import { seedRealisticData } from './realistic-data.ts';
import { call } from './scenarios.ts';
import { loadWithWrk } from './wrk.ts';
import { makeDataDir, removeDataDir, repoRoot, startTend } from './server.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 40);

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** `node_modules/<package>`, a file of Tend's own, or what V8 calls the rest (GC, idle, program). */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith('node:')) return url;
  return path.relative(repoRoot, url.replace(/^file:\/\//, ''));
}

function table(totals: Map<string, number>, all: number): string {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, hits]) => `${((hits / all) * 100).toFixed(1).padStart(6)} %  ${name}`)
    .join('\n');
}

export function summarize(profile: CpuProfile): string {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let all = 0;
  for (const [id, count] of hits) {
    const node = byNode.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    all += count;
    const place = placeOf(url, functionName);
    const name = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + count);
    places.set(place, (places.get(place) ?? 0) + count);
  }
  // Inclusive time of Tend's own functions: each sample counts once for every one on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, count] of hits) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byNode.get(at)?.callFrame;
      if (!frame || frame.functionName === '(idle)') break;
      if (!frame.url.includes('/apps/') || frame.url.includes('node_modules')) continue;
      const name = `${frame.functionName || '(anonymous)'}  ${placeOf(frame.url, '')}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + count);
    }
  }
  return [
    `Busy samples: ${all} (idle left out)`,
    '',
    "Tend's own functions (total: with what they call):",
    table(inclusive, all),
    '',
    'By package or file (self time):',
    table(places, all),
    '',
    'By function (self time):',
    table(functions, all),
  ].join('\n');
}

async function main(routes: string[]) {
  if (routes.length === 0) throw new Error('name at least one route, e.g. /api/v1/me');
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'tend-profile-'));
  const profiling = !process.env.PROFILE_CPU_ONLY;
  const app = await startTend(dataDir, undefined, {
    TRUST_PROXY: 'true',
    // SQLITE_SYNCHRONOUS=normal: the same load without the sync to disk, to tell CPU from waiting.
    ...(process.env.SQLITE_SYNCHRONOUS
      ? { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }
      : {}),
    ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
  });
  let stopped = false;
  defer(() => (stopped ? undefined : app.stop()));
  console.error('Seeding the realistic data…');
  const data = await seedRealisticData(app);
  // PROFILE_WRITERS=1: the route table's writers too (another doctor and their 120 patients). Off
  // by default: their setup's own work (120 registrations) would fill much of the profile.
  if (process.env.PROFILE_WRITERS) await writeTargets(app);
  // PROFILE_READINGS=1: the patient's three years of heart rate (bench/src/measurements-chart.ts).
  if (process.env.PROFILE_READINGS) seedReadings(sqliteFile(dataDir), data.patient.id, new Date());
  // PROFILE_ZONE=America/New_York: the patient lives there (the chart goal's patient does), not in UTC.
  if (process.env.PROFILE_ZONE) {
    await call(app, 'PATCH', '/api/v1/me/update', 200, {
      token: data.patient.token,
      body: { timezone: process.env.PROFILE_ZONE },
    });
  }
  const report = (label: string, requestsPerSec: number, cpuBefore: number) => {
    const cpuPerRequest = (cpuSecondsOf(app.pid) - cpuBefore) / (requestsPerSec * SECONDS);
    console.log(
      `${label}: ${Math.round(requestsPerSec)} req/s, ${Math.round(cpuPerRequest * 1e6)} µs of CPU a request${profiling ? ' (profiled)' : ''}`,
    );
  };
  for (const named of routes) {
    if (named === 'mix') {
      const mix = mixTarget(app, await routeTargets(app, data));
      console.error(`Loading the ${mix.label} with wrk for ${SECONDS} s…`);
      const cpuBefore = cpuSecondsOf(app.pid);
      const sample = await loadWithWrk(mix.url, mix.request, { connections: 10, seconds: SECONDS });
      report(mix.label, sample.requestsPerSec, cpuBefore);
      continue;
    }
    // `PATCH:/api/v1/medications/{medication}` with PROFILE_BODY='{"taken":true}': a write.
    const method = /^(POST|PUT|PATCH|DELETE):/.exec(named)?.[1];
    const route = method ? named.slice(method.length + 1) : named;
    const asDoctor = route.startsWith('doctor:');
    const url = (asDoctor ? route.slice('doctor:'.length) : route)
      .replaceAll('{conversation}', data.ids.conversation)
      .replaceAll('{patient}', data.patient.id)
      .replaceAll('{medication}', data.ids.medication)
      .replaceAll('{prescription}', data.ids.prescription)
      .replaceAll(
        '{days-ago-364}',
        new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10),
      )
      .replaceAll('{days-ago-6}', new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
    const token = asDoctor ? data.doctor.token : data.patient.token;
    console.error(`Loading ${url} as the ${asDoctor ? 'doctor' : 'patient'} for ${SECONDS} s…`);
    const cpuBefore = cpuSecondsOf(app.pid);
    const sample = await load(
      app.baseUrl + url,
      method
        ? {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: process.env.PROFILE_BODY ?? '{}',
          }
        : { headers: { authorization: `Bearer ${token}` } },
      { connections: 10, seconds: SECONDS },
    );
    report(url, sample.requestsPerSec, cpuBefore);
  }
  await app.stop();
  stopped = true;
  if (!profiling) return;
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the server wrote no profile into ${profileDir}`);
  const full = path.join(profileDir, file);
  console.log(summarize(JSON.parse(readFileSync(full, 'utf8')) as CpuProfile));
  console.log(`\nThe whole profile (open it in Chrome DevTools): ${full}`);
}

cleanUpOnSignals();
try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(`profile failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await runCleanup();
}
