import type { Page } from '@playwright/test';
import { WIDTHS, expect, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi } from '../support/api-accounts.ts';
import { closePages } from '../support/patient-and-doctor.ts';
import { pixelOfFullPage } from '../support/page-pixels.ts';
import { shootAll } from '../support/screenshots.ts';

const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });

/**
 * The side menu's panel in a full-page picture, near the bottom of a page several screens long:
 * the menu's own background (white), not the content area's grey. A browser draws the fixed menu
 * over one screen; a printout or a full-page picture shows the whole page at once.
 */
async function expectMenuPanelToTheBottom(page: Page, role: 'Patient' | 'Doctor') {
  await expect(menu(page, role)).toBeVisible();
  const box = await menu(page, role).boundingBox();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeGreaterThan(900 * 1.2);
  const at = { x: Math.round((box?.x ?? 0) + 8), y: height - 8 };
  const menuColour = await pixelOfFullPage(page, { x: at.x, y: 80 + 8 });
  expect(await pixelOfFullPage(page, at)).toEqual(menuColour);
}

for (const role of ['Patient', 'Doctor'] as const) {
  test(`the ${role.toLowerCase()}’s side menu runs the full height of a long page`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const page = await openSharedPage(browser);
    const account = await createAccountViaApi(request, role === 'Patient' ? 'patient' : 'doctor');
    await signIn(page, account);
    const path = `/${role.toLowerCase()}/profile-settings`;
    await visitOn(page, path);
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await expectMenuPanelToTheBottom(page, role);
    await page.setViewportSize({ width: WIDTHS.tablet, height: 900 });
    await expectMenuPanelToTheBottom(page, role);
    await shootAll(page, `${role.toLowerCase()}-long-page-menu`, {
      ready: page.getByRole('heading', { level: 1 }),
    });
    await closePages(page);
  });
}
