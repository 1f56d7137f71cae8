/**
 * Where an area page's first load spends the phone's CPU (issue 26): starts Tend on the built app
 * (SQLite), signs a patient with six of today's medications into Debian's Chromium, and opens the
 * checklist in a new tab as a reminder's link does, with the CPU slowed four times as Lighthouse's
 * phone is and V8's CPU profiler on. For each run it prints how long until the checklist shows and
 * how many times React committed; then the script time a load, by package or source folder and by
 * function, and the long stretches of work (over 50 ms, what Lighthouse counts as blocking).
 *
 *   npm run build:profile && npx node bench/src/area-load-profile.ts
 *
 * `build:profile` builds with source maps, so the figures name our modules and the packages; on a
 * plain build they name the built files. PROFILE_RUNS (default 3) and PROFILE_PATH (default
 * /patient/daily-medication) change what is measured. Read the script time, not the seconds to
 * show: other work on the machine moves the latter far more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { cleanUpOnSignals, runCleanup } from '../../scripts/lib/cleanup.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import { call } from './scenarios.ts';
import { makeDataDir, removeDataDir, repoRoot, startTend } from './server.ts';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const PAGE_PATH = process.env.PROFILE_PATH ?? '/patient/daily-medication';
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const TIMES_OF_DAY = ['day', 'afternoon', 'night'] as const;
const NOT_SCRIPT = new Set(['(idle)', '(program)', '(garbage collector)']);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Source maps of the built files, read once each; null where the build wrote none. */
const sourceMaps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(url: string): SourceMapConsumer | null {
  const built = /\/assets\/([^/]+\.js)$/.exec(url)?.[1];
  if (!built) return null;
  if (!sourceMaps.has(built)) {
    const file = path.join(repoRoot, 'apps/web/dist/assets', `${built}.map`);
    let consumer: SourceMapConsumer | null;
    try {
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as never);
    } catch {
      // A build without source maps: the figures name the built files.
      consumer = null;
    }
    sourceMaps.set(built, consumer);
  }
  return sourceMaps.get(built) ?? null;
}

/** A package (`react-dom`, `@mantine/core`) or a folder of ours (`src/lib`), and the function. */
function placeOf(frame: ProfileNode['callFrame']): { where: string; what: string } {
  const fileName = frame.url.split('/').pop() || '(browser)';
  const original = sourceMapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original?.source) return { where: fileName, what: frame.functionName || '(anonymous)' };
  const source = original.source;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  // The maps name our modules relative to the built file (../../src/lib/…).
  const relative = source.replace(/^(\.\.\/)+/, '');
  const ours = /^((?:src|packages\/shared\/src)\/(?:[^/]+\/)?)/.exec(relative)?.[1];
  const where = inPackage ?? ours ?? source;
  const what = `${original.name ?? (frame.functionName || '(anonymous)')} ${source.replace(/.*\/(node_modules|src)\//, '')}:${original.line}`;
  return { where, what };
}

const add = (totals: Map<string, number>, key: string, ms: number) =>
  totals.set(key, (totals.get(key) ?? 0) + ms);

const heaviest = (totals: Map<string, number>, count: number, runs: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `  ${(ms / runs).toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n');

/** React tells an installed developer tool of every commit; counting them shows re-render churn. */
function countCommits(page: Page) {
  return page.addInitScript(() => {
    const commits: number[] = [];
    Object.assign(globalThis, {
      __commits: commits,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        onCommitFiberRoot: () => commits.push(Math.round(performance.now())),
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        checkDCE: () => undefined,
      },
    });
  });
}

cleanUpOnSignals();
const dataDir = makeDataDir();
try {
  const app = await startTend(dataDir);
  const email = 'area-load-profile@example.org';
  const password = 'bench passphrase 2026';
  await call(app, 'POST', '/api/v1/auth/register', 201, {
    body: { email, firstname: 'Lina', lastname: 'Bench', password, userType: 'patient' },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  try {
    // Signing in through the browser's own request context leaves its refresh cookie there.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const signIn = await context.request.post(`${app.baseUrl}/api/v1/auth/sign-in`, {
      data: { email, password },
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 6; i++) {
      await call(app, 'POST', '/api/v1/medications', 201, {
        token: accessToken,
        body: {
          name: `Medication ${i + 1}`,
          dosage: `${(i + 1) * 5} mg`,
          startdate: today,
          timefrequency: TIMES_OF_DAY[i % TIMES_OF_DAY.length],
        },
      });
    }

    const byPlace = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let scriptMs = 0;
    for (let run = 1; run <= RUNS; run++) {
      const page = await context.newPage();
      await countCommits(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const started = Date.now();
      await page.goto(`${app.baseUrl}${PAGE_PATH}`);
      await page.getByText('Medication 6').first().waitFor({ timeout: 60_000 });
      const shownMs = Date.now() - started;
      // What follows the first draw (the other panels, the event stream) counts too.
      await page.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      const commits = await page.evaluate(
        () => (globalThis as unknown as { __commits: number[] }).__commits.length,
      );

      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      // Each long stretch with what took most of it, to tell a module's evaluation from a render.
      const longStretches: string[] = [];
      let stretch = 0;
      let stretchPlaces = new Map<string, number>();
      const endStretch = () => {
        if (stretch > LONG_TASK_MS) {
          const top = [...stretchPlaces.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([where, ms]) => `${where} ${ms.toFixed(0)}`);
          longStretches.push(`${stretch.toFixed(0)} (${top.join(', ')})`);
        }
        stretch = 0;
        stretchPlaces = new Map();
      };
      profile.samples.forEach((id, i) => {
        const frame = nodes.get(id)?.callFrame;
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        if (!frame || frame.functionName === '(idle)') {
          endStretch();
          return;
        }
        stretch += ms;
        if (NOT_SCRIPT.has(frame.functionName) && !frame.url) return;
        scriptMs += ms;
        const { where, what } = placeOf(frame);
        add(byPlace, where, ms);
        add(byFunction, what, ms);
        add(stretchPlaces, where, ms);
      });
      endStretch();
      console.log(
        `run ${run}: shown after ${shownMs} ms, ${commits} React commits, work stretches over ` +
          `${LONG_TASK_MS} ms:\n    ${longStretches.join('\n    ') || 'none'}`,
      );
      await page.close();
    }
    console.log(
      `script time a load (CPU slowed ${CPU_SLOWDOWN}×): ${(scriptMs / RUNS).toFixed(0)} ms`,
    );
    console.log(`by package or folder:\n${heaviest(byPlace, 25, RUNS)}`);
    console.log(`by function:\n${heaviest(byFunction, 30, RUNS)}`);
  } finally {
    await browser.close();
  }
} finally {
  await runCleanup();
  removeDataDir(dataDir);
}
