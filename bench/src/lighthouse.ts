/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G line, simulated) of the
 * public pages of the built app, the median of several runs per page. Debian's Chromium is
 * launched as it is installed; nothing is downloaded.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { defer } from '../../scripts/lib/cleanup.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import { signInBrowser } from './lighthouse-session.ts';
import { makeDataDir, removeDataDir, startTend } from './server.ts';

export const LIGHTHOUSE_RUNS = 3;
const MAX_SPOILED_RUNS = 3;
export const LIGHTHOUSE_GOALS = { performance: 0.95, accessibility: 1, 'best-practices': 1 };
type Category = keyof typeof LIGHTHOUSE_GOALS;

/** A page to audit: its path, whether the browser is signed in, and goals of its own, if any. */
export interface LighthousePage {
  path: string;
  /** How the report names it, when the path alone does not say. */
  label?: string;
  signedIn?: boolean;
  goals?: Partial<Record<Category, number>>;
}

// Issue 26: a patient-area page opened with no session goes to /sign-in before any of the app
// loads; opened with one (a new tab, a reminder's link) it asks for a token, then shows the page.
const AREA_PAGE = '/patient/daily-medication';
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { path: '/' },
  { path: '/sign-in' },
  { path: AREA_PAGE, label: `${AREA_PAGE}, no session`, goals: { performance: 0.9 } },
  {
    path: AREA_PAGE,
    label: `${AREA_PAGE}, signed in`,
    signedIn: true,
    goals: { performance: 0.8 },
  },
];

const goalsOf = (page: LighthousePage): Record<Category, number> => ({
  ...LIGHTHOUSE_GOALS,
  ...page.goals,
});
const CATEGORIES = Object.keys(LIGHTHOUSE_GOALS) as Category[];
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export interface PageAudit {
  path: string;
  label: string;
  goals: Record<Category, number>;
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

/**
 * LIGHTHOUSE_REPORTS=<folder> keeps each run's full report (its diagnostics: render-blocking
 * files, main-thread work, the network requests) there, named after the page and the run.
 */
function saveReport(label: string, result: Result, run: number) {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  writeFileSync(path.join(folder, `${name}-${Date.now()}-${run}.json`), JSON.stringify(result));
}

const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;

async function auditPage(
  url: string,
  label: string,
  port: number,
  runs: number,
  goals: Record<Category, number>,
): Promise<Omit<PageAudit, 'path' | 'label' | 'goals'>> {
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
    if (!error) {
      results.push(answer.lhr);
      saveReport(label, answer.lhr, results.length);
    } else if (attempt >= runs + MAX_SPOILED_RUNS) {
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
  const findings = CATEGORIES.filter((category) => scores[category] < goals[category])
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

/**
 * Starts Tend (SQLite) on the built web app and audits each page: first those opened without a
 * session, then, once the browser is signed in, those opened with one.
 */
export async function measureLighthouse(
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseReport> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  console.error(`Lighthouse: ${pages.length} pages × ${runs} runs (mobile)…`);
  const app = await startTend(dataDir);
  defer(() => app.stop());
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROME_FLAGS,
  });
  defer(() => chrome.kill());
  const audits: PageAudit[] = [];
  const ordered = [...pages.filter((p) => !p.signedIn), ...pages.filter((p) => p.signedIn)];
  let signedIn = false;
  for (const page of ordered) {
    if (page.signedIn && !signedIn) {
      await signInBrowser(app, chrome.port);
      signedIn = true;
    }
    const goals = goalsOf(page);
    const url = new URL(page.path, app.baseUrl).href;
    const label = page.label ?? page.path;
    audits.push({
      path: page.path,
      label,
      goals,
      ...(await auditPage(url, label, chrome.port, runs, goals)),
    });
  }
  return { measured: true, runs, pages: audits };
}

const score = (value: number) => value.toFixed(2);

export function formatLighthouse(report: LighthouseReport): string {
  const goals = CATEGORIES.map((c) => score(LIGHTHOUSE_GOALS[c])).join(' / ');
  const width = Math.max(9, ...report.pages.map((page) => page.label.length));
  return [
    `Lighthouse, mobile, median of ${report.runs} runs: ${CATEGORIES.map((c) => CATEGORY_NAMES[c]).join(' / ')} (goals ≥ ${goals} unless a page says):`,
    ...report.pages.flatMap((page) => {
      const ok = CATEGORIES.every((c) => page.scores[c] >= page.goals[c]);
      const own = CATEGORIES.filter((c) => page.goals[c] !== LIGHTHOUSE_GOALS[c])
        .map((c) => `${CATEGORY_NAMES[c]} ≥ ${score(page.goals[c])}`)
        .join(', ');
      const { fcpMs, lcpMs, tbtMs } = page.metrics;
      return [
        `  ${page.label.padEnd(width)} ${CATEGORIES.map((c) => score(page.scores[c])).join(' / ')}` +
          `   (FCP ${Math.round(fcpMs)} ms, LCP ${Math.round(lcpMs)} ms, TBT ${Math.round(tbtMs)} ms): ` +
          (ok ? 'OK' : 'SHORT') +
          (own ? ` (goal: ${own})` : ''),
        ...(page.findings.length > 0
          ? [`  ${' '.repeat(width)} to fix: ${page.findings.join(', ')}`]
          : []),
      ];
    }),
  ].join('\n');
}

/**
 * The pages to audit: all, or with LIGHTHOUSE_ONLY=<text>[,<text>…] those whose label holds one
 * of the texts (`LIGHTHOUSE_ONLY='signed in'` audits just the signed-in area page).
 */
export function selectedPages(only = process.env.LIGHTHOUSE_ONLY): readonly LighthousePage[] {
  const texts = (only ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean);
  if (texts.length === 0) return LIGHTHOUSE_PAGES;
  const pages = LIGHTHOUSE_PAGES.filter((page) =>
    texts.some((text) => (page.label ?? page.path).includes(text)),
  );
  if (pages.length === 0) throw new Error(`LIGHTHOUSE_ONLY=${only} names no audited page`);
  return pages;
}

/** The audit's lines for the bench report, or why it was skipped. */
export async function lighthouseSection(): Promise<string> {
  if (!existsSync(chromiumPath())) {
    return (
      `Lighthouse skipped: no Chromium at ${chromiumPath()} ` +
      '(apt-get install chromium, or set CHROMIUM_PATH).'
    );
  }
  return formatLighthouse(await measureLighthouse(selectedPages()));
}
