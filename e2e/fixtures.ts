import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { recordingRequests, watchTraffic } from './support/used-values.ts';
import { waitForQuiet } from './support/quiet.ts';

export const WIDTHS = { phone: 375, tablet: 800, desktop: 1280 } as const;

/**
 * Zero axe violations (WCAG 2.x A and AA) on the page as it is now, once it has rendered: every
 * page has a main landmark and a first-level heading (axe's best practices ask for both), and a
 * lazily loaded page may not have them yet when the network has gone quiet.
 */
export async function expectAccessible(page: Page) {
  // In the DOM, whatever a dialog on top of the page hides from assistive technology meanwhile.
  await page.locator('main').first().waitFor({ state: 'attached' });
  await page.locator('h1').first().waitFor({ state: 'attached' });
  // Legacy mode runs axe in the page itself: the default runs it frame by frame and then opens a
  // fresh page (a new renderer process) to merge the results, for cross-origin frames Tend does not
  // have. Only violations are collected in full. Together about three times faster, the same rules
  // and the same violations: it was more than half of a page visit's time in the browser tests.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{ visit: (path: string) => Promise<void> }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.TEND_E2E_URL;
    if (!url)
      throw new Error('TEND_E2E_URL is not set: run the tests through playwright.config.ts');
    await use(url);
  },
  // Every personal value a test sends is recorded for the log check at the end of the run (global-setup.ts).
  context: async ({ context }, use) => {
    watchTraffic(context);
    await use(context);
  },
  request: async ({ request }, use) => {
    await use(recordingRequests(request));
  },
  /** Goes to a path and checks it with axe: every page a test visits is checked. */
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await waitForQuiet(page);
      await expectAccessible(page);
    });
  },
});

export { expect };
