import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { shootAll } from '../support/screenshots.ts';
import { recordUsed } from '../support/used-values.ts';

const main = (page: Page) => page.getByRole('main');
const LINK_SUBJECT = /^Confirm your new email address for Tend$/;
const NOTICE_SUBJECT = /^Your Tend email address is about to change$/;

for (const userType of ['patient', 'doctor'] as const) {
  test.describe
    .serial(`${userType}: changing the email needs the password and the new address's link`, () => {
    test.describe.configure({ timeout: 180_000 });
    let page: Page;
    let person: ApiAccount;
    const newEmail = `moved.${userType}.${Date.now()}@example.org`;

    test.beforeAll(async ({ browser }) => {
      page = await openSharedPage(browser);
      person = await createAccountViaApi(page.request, userType, { firstname: 'Noor' });
      recordUsed('email', newEmail);
    });
    test.afterAll(async () => {
      await page.context().close();
    });

    test('the profile form asks for the current password, then says a link was sent and shows the pending address', async () => {
      await signIn(page, person);
      await visitOn(page, `/${userType}/profile-settings`);
      const form = main(page);
      const email = form.getByRole('textbox', { name: 'Email Id' });
      const password = form.getByLabel('Current password');
      await expect(password).toHaveCount(0);
      await email.fill(newEmail);
      await expect(password).toBeVisible();

      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(
        form.getByText('Enter your current password to change your email.'),
      ).toBeVisible();
      await expectAccessible(page);

      await password.fill('not my password at all');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(form.getByText('This is not your current password.')).toBeVisible();
      await shootAll(page, `email-change-password-${userType}`);

      await password.fill(person.password);
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(form.getByRole('status').filter({ hasText: 'Profile saved' })).toHaveText(
        `Profile saved. We sent a link to ${newEmail}: open it to change your email.`,
      );
      // The account keeps its address until the link is opened, and says which one is waiting.
      await expect(email).toHaveValue(person.email);
      const pending = form.getByRole('alert').filter({ hasText: 'Waiting for you to confirm' });
      await expect(pending).toContainText(newEmail);
      await expect(password).toHaveCount(0);
      await shootAll(page, `email-change-pending-${userType}`);
    });

    test('the link in the email to the new address changes it, and works only once', async () => {
      await waitForMail(person.email, NOTICE_SUBJECT);
      const link = linkIn(await waitForMail(newEmail, LINK_SUBJECT), 'confirm-email');
      recordUsed('token', link.token);

      await visitOn(page, link.path);
      await expect(main(page).getByRole('status')).toContainText(
        `Your account now uses ${newEmail}.`,
      );
      await shootAll(page, `confirm-email-${userType}`);
      await main(page).getByRole('link', { name: 'Back to your profile' }).click();
      await expect(main(page).getByRole('textbox', { name: 'Email Id' })).toHaveValue(newEmail);
      await expect(main(page).getByText('Waiting for you to confirm')).toHaveCount(0);
      await expectAccessible(page);

      await visitOn(page, link.path);
      await expect(main(page).getByRole('alert')).toContainText(
        'This link has expired, was already used',
      );
      await expect(main(page).getByText('Your email was not changed')).toBeVisible();
    });
  });
}
