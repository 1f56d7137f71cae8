import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi } from '../support/api-accounts.ts';
import { es } from '../support/catalogs.ts';
import { shootAll } from '../support/screenshots.ts';

const main = (page: Page) => page.getByRole('main');

/**
 * Issue 40: signed out means out, everywhere, at once. A patient signed in on a laptop and a phone
 * signs every device out from the laptop; the phone, open on its checklist, is sent to sign in by
 * itself (its live stream ends, its refresh is refused), with no reload.
 */
test('“Sign out everywhere” signs out this browser and every other device at once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const laptop = await openSharedPage(browser);
  const phone = await openSharedPage(browser);
  const patient = await createAccountViaApi(laptop.request, 'patient', { firstname: 'Elena' });
  await signIn(laptop, patient);
  await signIn(phone, patient);
  await phone.setViewportSize({ width: 375, height: 800 });
  await visitOn(phone, '/patient/daily-medication');
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');

  await visitOn(laptop, '/patient/security');
  await expect(laptop.getByRole('heading', { level: 1 })).toHaveText('Sign-in and devices');
  const everywhere = main(laptop).getByRole('button', { name: 'Sign out everywhere' });
  await expect(everywhere).toBeVisible();
  await shootAll(laptop, 'security-sign-out-everywhere', {
    ready: main(laptop).getByText('This device'),
  });

  await everywhere.click();
  const dialog = laptop.getByRole('dialog', { name: 'Sign out every device?' });
  await expect(dialog).toContainText('this one included');
  await expectAccessible(laptop);
  // Cancel first: nothing ends.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await everywhere.click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();

  await expect(laptop).toHaveURL(/\/sign-in/);
  await expect(
    laptop.getByText('Every device is signed out, this one included. Sign in again to continue.'),
  ).toBeVisible();
  await expectAccessible(laptop);
  // The phone was not touched: it finds out by itself, within seconds, and says why.
  await expect(phone).toHaveURL(/\/sign-in/, { timeout: 10_000 });
  await expect(phone.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expectAccessible(phone);
  await laptop.context().close();
  await phone.context().close();
});

test('the button and its question in Spanish', async ({ browser }) => {
  const page = await openSharedPage(browser, { locale: 'es-ES' });
  const patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Lucía' });
  const token = await apiToken(page.request, patient);
  const changed = await page.request.patch('/api/v1/me/update', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'es' },
  });
  expect(changed.status()).toBe(200);
  await signInInSpanish(page, patient.email, patient.password);
  await visitOn(page, '/patient/security');
  const everywhere = main(page).getByRole('button', {
    name: es('security', 'devices.everywhere'),
  });
  await expect(everywhere).toBeVisible();
  await shootAll(page, 'security-sign-out-everywhere-es', {
    ready: main(page).getByText(es('security', 'devices.thisDevice')),
  });
  await everywhere.click();
  await expect(
    page.getByRole('dialog', { name: es('security', 'devices.everywhereTitle') }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

async function signInInSpanish(page: Page, email: string, password: string) {
  await page.context().clearCookies({ name: /^tend_(refresh|session)$/ });
  await visitOn(page, '/sign-in');
  const form = main(page);
  await form.getByRole('textbox', { name: es('auth', 'shared.email') }).fill(email);
  await form
    .getByRole('textbox', { name: es('auth', 'shared.password'), exact: true })
    .fill(password);
  await form.getByRole('button', { name: es('auth', 'signIn.submit') }).click();
  await expect(page).toHaveURL(/\/patient$/);
}
