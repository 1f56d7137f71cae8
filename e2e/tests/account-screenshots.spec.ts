import type { Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { PNG_8X8, openSharedPage, signIn } from '../support/accounts.ts';
import { createAccountViaApi } from '../support/api-accounts.ts';
import { waitForQuiet } from '../support/quiet.ts';

/**
 * Full-page screenshots of the account screens at phone, tablet and desktop widths into
 * e2e/screenshots/, for people to look at (as screenshots.spec.ts does for the public pages).
 * Each is checked with axe too. One account per area, signed in once.
 */
async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await waitForQuiet(page);
  await expectAccessible(page);
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
}

for (const [name, path] of [
  ['sign-in', '/sign-in'],
  ['sign-up', '/sign-up'],
] as const) {
  for (const width of Object.values(WIDTHS)) {
    test(`screenshot ${name} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await shoot(page, name, width);
    });
  }
}

test('screenshot sign-in with the message a registration leaves', async ({ page }) => {
  await page.goto('/sign-in');
  // The state the sign-up page navigates with, put in place directly (registrations are scarce).
  await page.evaluate(() =>
    window.history.replaceState(
      {
        usr: {
          notice: { tone: 'success', message: 'Your account is ready. Sign in to continue.' },
        },
        key: 'shot',
        idx: 0,
      },
      '',
    ),
  );
  await page.reload();
  await expect(page.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  for (const width of [WIDTHS.phone, WIDTHS.desktop]) await shoot(page, 'sign-in-notice', width);
});

/** Fills part of the profile and adds a picture through the API, so the screens show real data. */
async function furnishProfile(page: Page, userType: 'patient' | 'doctor') {
  const token = await page.evaluate(() => sessionStorage.getItem('userToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const data =
    userType === 'doctor'
      ? { specialty: 'General practice', location: 'Riverside Health Centre', yearsofexperience: 9 }
      : { city: 'Porto', country: 'Portugal', bloodgroup: 'O', dateofbirth: '1990-06-14' };
  const update = await page.request.patch('/api/v1/me/update', { headers, data });
  expect(update.status(), await update.text()).toBe(200);
  const upload = await page.request.put('/api/v1/me/avatar', {
    headers,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG_8X8 } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
}

for (const [userType, firstname] of [
  ['patient', 'Amara'],
  ['doctor', 'Tomasz'],
] as const) {
  test.describe.serial(`${userType} screens`, () => {
    // Three widths with an axe check per shot, per page: slow on a busy two-core machine.
    test.describe.configure({ timeout: 180_000 });
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      page = await openSharedPage(browser);
      const account = await createAccountViaApi(page.request, userType, { firstname });
      await signIn(page, account);
      await furnishProfile(page, userType);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    for (const [name, path] of [
      ['dashboard', `/${userType}`],
      ['profile-settings', `/${userType}/profile-settings`],
      ['change-password', `/${userType}/change-password`],
    ] as const) {
      test(`screenshot ${userType} ${name} at each width`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        for (const width of Object.values(WIDTHS)) await shoot(page, `${userType}-${name}`, width);
      });
    }

    test(`screenshot ${userType} menu open on a phone`, async () => {
      await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
      await page.goto(`/${userType}`);
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: /menu$/ });
      await expect(menu.getByRole('link', { name: 'Profile Settings' })).toBeInViewport();
      await page.waitForTimeout(400); // the menu slides in
      await expectAccessible(page);
      await page.screenshot({ path: `e2e/screenshots/${userType}-menu-${WIDTHS.phone}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
      await expect(menu).not.toBeInViewport();
    });

    test(`screenshot the ${userType}'s delete-account dialog on a phone`, async () => {
      await page.setViewportSize({ width: WIDTHS.phone, height: 800 });
      await page.goto(`/${userType}/profile-settings`);
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await page.waitForTimeout(400); // the dialog fades in
      await expectAccessible(page);
      await page.screenshot({
        path: `e2e/screenshots/${userType}-delete-account-${WIDTHS.phone}.png`,
      });
    });
  });
}
