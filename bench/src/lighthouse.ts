/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G line, simulated) of the
 * public pages of the built app, the median of several runs per page. Debian's Chromium is
 * launched as it is installed; nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { defer } from '../../scripts/lib/cleanup.ts';
import { makeDataDir, removeDataDir, startTend } from './server.ts';

export const LIGHTHOUSE_PAGES = ['/', '/sign-in'] as const;
export const LIGHTHOUSE_RUNS = 3;
const MAX_SPOILED_RUNS = 3;
export const LIGHTHOUSE_GOALS = { performance: 0.95, accessibility: 1, 'best-practices': 1 };
type Category = keyof typeof LIGHTHOUSE_GOALS;
const CATEGORIES = Object.keys(LIGHTHOUSE_GOALS) as Category[];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};

const chromePath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface PageAudit {
  path: string;
  /** The median score of each category over the runs, 0–1. */
  scores: Record<Category, number>;
  /** Every run's scores, in order. */
  runs: Record<Category, number>[];
  /** Audits that cost points in the median run of a category short of its goal, worst first. */
  findings: string[];
  /** The median run's first and largest contentful paint and total blocking time, in ms. */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number };
}

export interface LighthouseReport {
  measured: true;
  runs: number;
  pages: PageAudit[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** What cost a category its points: each scored audit below full marks, biggest loss first. */
function findingsOf(result: Result, category: Category): string[] {
  const refs = result.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: result.audits[ref.id] }))
    .filter(({ ref, audit }) => ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
    .sort(
      (a, b) =>
        b.ref.weight * (1 - (b.audit?.score ?? 0)) - a.ref.weight * (1 - (a.audit?.score ?? 0)),
    )
    .map(({ audit }) => `${audit?.id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
}

const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

async function auditPage(
  url: string,
  port: number,
  runs: number,
): Promise<Omit<PageAudit, 'path'>> {
  const results: Result[] = [];
  // A loaded machine now and then spoils a trace (NO_NAVSTART and the like): such a run is
  // repeated, a few times at most.
  for (let attempt = 1; results.length < runs; attempt++) {
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = answer.lhr.runtimeError;
    if (!error) results.push(answer.lhr);
    else if (attempt >= runs + MAX_SPOILED_RUNS) {
      throw new Error(`Lighthouse could not audit ${url}: ${error.message}`);
    }
  }
  const scoresOf = (result: Result) =>
    Object.fromEntries(
      CATEGORIES.map((category) => [category, result.categories[category]?.score ?? 0]),
    ) as Record<Category, number>;
  const runScores = results.map(scoresOf);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, median(runScores.map((s) => s[category]))]),
  ) as Record<Category, number>;
  // The run whose performance is the median one stands for the page in the details.
  const typical =
    results.find((result) => scoresOf(result).performance === scores.performance) ?? results[0];
  if (!typical) throw new Error(`no Lighthouse run of ${url}`);
  const findings = CATEGORIES.filter((category) => scores[category] < LIGHTHOUSE_GOALS[category])
    .flatMap((category) => findingsOf(typical, category))
    .slice(0, 6);
  return {
    scores,
    runs: runScores,
    findings,
    metrics: {
      fcpMs: numeric(typical, 'first-contentful-paint'),
      lcpMs: numeric(typical, 'largest-contentful-paint'),
      tbtMs: numeric(typical, 'total-blocking-time'),
    },
  };
}

/** Starts Tend (SQLite) on the built web app and audits each public page. */
export async function measureLighthouse(
  pages: readonly string[] = LIGHTHOUSE_PAGES,
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseReport> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  console.error(`Lighthouse: ${pages.length} pages × ${runs} runs (mobile)…`);
  const app = await startTend(dataDir);
  defer(() => app.stop());
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROME_FLAGS,
  });
  defer(() => chrome.kill());
  const audits: PageAudit[] = [];
  for (const path of pages) {
    audits.push({ path, ...(await auditPage(new URL(path, app.baseUrl).href, chrome.port, runs)) });
  }
  return { measured: true, runs, pages: audits };
}

const score = (value: number) => value.toFixed(2);

export function formatLighthouse(report: LighthouseReport): string {
  const goals = CATEGORIES.map((c) => score(LIGHTHOUSE_GOALS[c])).join(' / ');
  return [
    `Lighthouse, mobile, median of ${report.runs} runs: ${CATEGORIES.map((c) => CATEGORY_NAMES[c]).join(' / ')} (goals ≥ ${goals}):`,
    ...report.pages.flatMap((page) => {
      const ok = CATEGORIES.every((c) => page.scores[c] >= LIGHTHOUSE_GOALS[c]);
      const { fcpMs, lcpMs, tbtMs } = page.metrics;
      return [
        `  ${page.path.padEnd(9)} ${CATEGORIES.map((c) => score(page.scores[c])).join(' / ')}` +
          `   (FCP ${Math.round(fcpMs)} ms, LCP ${Math.round(lcpMs)} ms, TBT ${Math.round(tbtMs)} ms): ` +
          (ok ? 'OK' : 'SHORT'),
        ...(page.findings.length > 0 ? [`            to fix: ${page.findings.join(', ')}`] : []),
      ];
    }),
  ].join('\n');
}

/** The audit's lines for the bench report, or why it was skipped. */
export async function lighthouseSection(): Promise<string> {
  if (!existsSync(chromePath())) {
    return (
      `Lighthouse skipped: no Chromium at ${chromePath()} ` +
      '(apt-get install chromium, or set CHROMIUM_PATH).'
    );
  }
  return formatLighthouse(await measureLighthouse());
}
