import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { forgetBrowserSession } from '../support/accounts.ts';
import {
  main,
  menu,
  messagesLink,
  sendMessage,
  thread,
  unreadBadge,
} from '../support/messaging.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { shootAll } from '../support/screenshots.ts';

/** Signs in through the form without waiting for the network to go quiet (the live stream stays open). */
async function signInLive(page: Page, account: ApiAccount) {
  await forgetBrowserSession(page);
  await page.goto('/sign-in');
  await main(page).getByRole('textbox', { name: 'Email' }).fill(account.email);
  await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${account.firstname}`);
}

test.describe.serial('messaging between a patient and their doctor', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  const lastname = `Moreau${Date.now().toString(36)}`;
  const doctorName = `Dr. Claire ${lastname}`;
  let patientName = '';

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Claire', lastname },
      patient: { firstname: 'Jonas' },
      linked: true,
    }));
    patientName = `${patient.firstname} ${patient.lastname}`;
    await signInLive(patientPage, patient);
    await signInLive(doctorPage, doctor);
  });

  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the patient starts a conversation with their doctor and writes', async () => {
    await messagesLink(patientPage, 'Patient').click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Messages');
    await expect(
      main(patientPage).getByText('No conversations yet. Start one below.'),
    ).toBeVisible();
    await shootAll(patientPage, 'patient-messages-empty', {
      ready: main(patientPage).getByRole('button', { name: 'Open conversation' }),
    });

    // Nothing chosen: said in words, nothing opened.
    await main(patientPage).getByRole('button', { name: 'Open conversation' }).click();
    await expect(main(patientPage).getByText('Choose a doctor first.')).toBeVisible();

    await main(patientPage).getByRole('combobox', { name: 'Doctor' }).click();
    await patientPage.getByRole('option', { name: doctorName }).click();
    await main(patientPage).getByRole('button', { name: 'Open conversation' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText(doctorName);
    await expect(thread(patientPage)).toContainText('No messages yet.');

    // An empty message is refused in the browser, in words.
    await main(patientPage).getByRole('button', { name: 'Send' }).click();
    await expect(main(patientPage).getByText('Write a message.')).toBeVisible();

    await sendMessage(patientPage, 'Good morning, the new tablets make me dizzy.');
    await expect(thread(patientPage)).toContainText('the new tablets make me dizzy');
  });

  test('the doctor sees the unread badge, reads the message, and the badge clears', async () => {
    // No reload: the badge counts from the live event.
    await expect(unreadBadge(doctorPage, 'Doctor')).toHaveText(/^1\s*unread$/);
    await messagesLink(doctorPage, 'Doctor').click();
    const row = main(doctorPage).getByRole('link', { name: new RegExp(patientName) });
    await expect(row).toContainText('1 unread');
    await expect(row).toContainText('the new tablets make me dizzy');
    await shootAll(doctorPage, 'doctor-messages', { ready: row });

    await row.click();
    await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText(patientName);
    await expect(thread(doctorPage)).toContainText('Good morning, the new tablets make me dizzy.');
    await expect(unreadBadge(doctorPage, 'Doctor')).toHaveCount(0);

    // The patient sees that it was read, without reloading.
    await expect(thread(patientPage)).toContainText('Read');
  });

  test('each sees the other’s reply arrive without reloading', async () => {
    await sendMessage(doctorPage, 'Take them with food and tell me tomorrow how it goes.');
    await expect(thread(patientPage)).toContainText('Take them with food');
    await sendMessage(patientPage, 'Thank you, I will.');
    await expect(thread(doctorPage)).toContainText('Thank you, I will.');
    await expect(thread(doctorPage)).toHaveAttribute('aria-live', 'polite');

    await shootAll(doctorPage, 'doctor-conversation', { ready: thread(doctorPage) });
    await shootAll(patientPage, 'patient-conversation', { ready: thread(patientPage) });
  });

  test('the patient’s list shows the latest message, and nothing unread once seen', async () => {
    await menu(patientPage, 'Patient')
      .getByRole('link', { name: /^Messages/ })
      .click();
    const row = main(patientPage).getByRole('link', { name: new RegExp(doctorName) });
    await expect(row).toContainText('You: Thank you, I will.');
    await expect(row).not.toContainText('unread');
    await expect(unreadBadge(patientPage, 'Patient')).toHaveCount(0);
    await expectAccessible(patientPage);
  });
});
