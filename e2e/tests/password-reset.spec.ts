import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { recordUsed } from '../support/used-values.ts';

const main = (page: Page) => page.getByRole('main');
const RESET_SUBJECT = /^Choose a new password for Tend$/;
const CONFIRM_SUBJECT = /^Confirm your email address for Tend$/;

test.describe.serial('forgot password: the emailed link sets a new password and signs in', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let patient: ApiAccount;
  let resetPath = '';
  const newPassword = `renewed e2e passphrase ${Date.now()}`;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
    patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Rosa' });
    recordUsed('password', newPassword);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('"Forgot password?" on sign-in leads to a request page that answers the same for any address', async () => {
    await visitOn(page, '/sign-in');
    await main(page).getByRole('textbox', { name: 'Email' }).fill(patient.email);
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    // The address typed on sign-in comes along.
    await expect(main(page).getByRole('textbox', { name: 'Email' })).toHaveValue(patient.email);
    await expectAccessible(page);

    await main(page).getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await main(page).getByRole('button', { name: 'Send me a link' }).click();
    await expect(main(page).getByText('Enter a valid email address')).toBeVisible();

    // An address nobody uses gets exactly the answer a real one gets.
    await main(page).getByRole('textbox', { name: 'Email' }).fill('nobody.at.all@example.org');
    await main(page).getByRole('button', { name: 'Send me a link' }).click();
    const answer = main(page).getByRole('status');
    await expect(answer).toContainText('If an account uses this email address');
    const unknownAnswer = (await answer.textContent()) ?? '';

    await main(page).getByRole('textbox', { name: 'Email' }).fill(patient.email);
    const sent = page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/auth/password-reset') && res.status() === 202,
    );
    await main(page).getByRole('button', { name: 'Send the link again' }).click();
    await sent;
    await expect(answer).toHaveText(unknownAnswer);
    await shootAll(page, 'forgot-password');
  });

  test('the email arrives with a link to a page that keeps the sign-up password rules', async () => {
    const mail = await waitForMail(patient.email, RESET_SUBJECT);
    const link = linkIn(mail, 'reset-password');
    recordUsed('token', link.token);
    resetPath = link.path;
    await visitOn(page, resetPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await shootAll(page, 'reset-password');

    const form = main(page);
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(`${newPassword} typo`);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(form.getByText('The two passwords do not match.')).toBeVisible();
    await expectAccessible(page);
  });

  test('a new password signs the person in', async () => {
    const form = main(page);
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(newPassword);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Rosa');
    await expect(main(page).getByText('Your new password is set.')).toBeVisible();
    // The link reached this mailbox, so the address counts as confirmed: no reminder banner.
    await expect(
      main(page).getByRole('region', { name: 'Confirm your email address' }),
    ).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the same link a second time is refused in words', async () => {
    await visitOn(page, resetPath);
    const form = main(page);
    await form
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill(`${newPassword} again`);
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(`${newPassword} again`);
    await form.getByRole('button', { name: 'Set new password' }).click();
    const refusal = main(page).getByRole('alert');
    await expect(refusal).toContainText('This link does not work');
    await expect(refusal).toContainText('has expired, was already used');
    await expect(refusal.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await expectAccessible(page);
    await shootAll(page, 'reset-password-used-link');
  });

  test('the old password no longer works, the new one does', async () => {
    // Signed out in this browser: the session is the browser's (its cookies), not the tab's, and
    // /sign-in sends on whoever still holds one (decision 023).
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await visitOn(page, '/sign-in');
    await main(page).getByRole('textbox', { name: 'Email' }).fill(patient.email);
    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(patient.password);
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(main(page).getByRole('alert')).toContainText('Incorrect email or password.');
    await signIn(page, patient, newPassword);
  });
});

test.describe.serial('confirming the email address from the banner', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let doctor: ApiAccount;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
    doctor = await createAccountViaApi(page.request, 'doctor', { firstname: 'Ines' });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the area shows a gentle banner until the address is confirmed; Email me a new link sends one', async () => {
    await signIn(page, doctor);
    const banner = main(page).getByRole('region', { name: 'Confirm your email address' });
    await expect(banner).toContainText(doctor.email);
    await banner.getByRole('button', { name: 'Email me a new link' }).click();
    await expect(banner.getByRole('status')).toHaveText(
      `We have sent a new confirmation link to ${doctor.email}.`,
    );
    await shootAll(page, 'email-confirmation-banner');
    // The sign-up's link and the new one.
    const mail = await waitForMail(doctor.email, CONFIRM_SUBJECT, { count: 2 });
    const link = linkIn(mail, 'verify-email');
    recordUsed('token', link.token);

    await visitOn(page, link.path);
    await expect(main(page).getByRole('status')).toContainText(
      `Your email address ${doctor.email} is confirmed.`,
    );
    await shootAll(page, 'verify-email');
    await main(page).getByRole('link', { name: 'Go to Tend' }).click();
    await expect(page).toHaveURL(/\/doctor$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Ines');
    await expect(
      main(page).getByRole('region', { name: 'Confirm your email address' }),
    ).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a made-up confirmation link is refused in words', async () => {
    await visitOn(page, '/verify-email#not-a-real-link');
    await expect(main(page).getByRole('alert')).toContainText(
      'This link has expired, was already used',
    );
    await expectAccessible(page);
  });
});
