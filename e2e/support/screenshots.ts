import type { Locator, Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible } from '../fixtures.ts';
import { waitForQuiet } from './quiet.ts';

/**
 * Full-page screenshots into e2e/screenshots/ at phone, tablet and desktop widths (or `widths`), each
 * checked with axe; the page is left at desktop width. Each width waits for the network to go quiet,
 * or, given `ready`, for that to be visible instead: a page with an open live event stream never
 * becomes "network idle".
 */
export async function shootAll(
  page: Page,
  name: string,
  { widths = Object.values(WIDTHS), ready }: { widths?: readonly number[]; ready?: Locator } = {},
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    if (ready) await expect(ready).toBeVisible();
    else await waitForQuiet(page);
    // A field typed into scrolls the page; the shot starts at the top.
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      window.scrollTo(0, 0);
    });
    await expectAccessible(page);
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

/**
 * An open dialog at phone, tablet and desktop widths, each checked with axe. The screen as the person
 * sees it, not the full page: the dialog covers the window, and a full-page shot would show the page
 * running on below it.
 */
export async function shootDialog(page: Page, name: string) {
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize({ width, height: 900 });
    await waitForQuiet(page);
    await expectAccessible(page);
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}
