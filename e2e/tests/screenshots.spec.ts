import { WIDTHS, expectAccessible, test } from '../fixtures.ts';
import { waitForQuiet } from '../support/quiet.ts';

/**
 * Full-page screenshots at phone, tablet and desktop widths into e2e/screenshots/, for people to look at
 * (layouts are reviewed by eye). Each page is also checked with axe at each width.
 */
const PAGES = [
  ['landing', '/'],
  ['not-found', '/anything'],
] as const;

for (const [name, path] of PAGES) {
  for (const [label, width] of Object.entries(WIDTHS)) {
    test(`screenshot ${name} at ${label} (${width}px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await waitForQuiet(page);
      await expectAccessible(page);
      await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
    });
  }
}
