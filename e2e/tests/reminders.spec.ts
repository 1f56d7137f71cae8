import { fillTime, shownDay } from '../support/date-fields.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';
import {
  deliverPush,
  fakePushService,
  nextMinuteUtc,
  shownNotifications,
} from '../support/reminders.ts';

const main = (page: Page) => page.getByRole('main');
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Patient menu' }).getByRole('link', { name, exact: true });
const FEED_PATH = /^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

test.describe
  .serial('dose reminders: settings, a reminder in the bell, Taken, the calendar', () => {
  // The reminder comes at the next whole minute, up to a minute and a half after it is set.
  test.describe.configure({ timeout: 240_000 });
  let page: Page;
  let patient: ApiAccount;
  let reminderTime = '';
  const medication = `Remindazol ${Date.now().toString(36)}`;
  const today = new Date().toISOString().slice(0, 10);

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser, { timezoneId: 'UTC' });
    const origin = new URL(process.env.TEND_E2E_URL ?? '').origin;
    await page
      .context()
      .grantPermissions(['notifications', 'clipboard-read', 'clipboard-write'], { origin });
    await fakePushService(page.context());
    // Registered through the API: its time zone is the default, UTC, like this browser's.
    patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Ruth' });
    await signIn(page, patient);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the patient adds a medication due today', async () => {
    await menuLink(page, 'Create Medication').click();
    const form = main(page);
    await expect(form.getByLabel('Start date')).toHaveValue(shownDay(today));
    await form.getByRole('textbox', { name: 'Name' }).fill(medication);
    await form.getByRole('textbox', { name: 'Dosage' }).fill('10 mg');
    await form.getByRole('radio', { name: 'Day' }).check();
    await form.getByRole('button', { name: 'Save medication' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medications');
    await expect(main(page).getByRole('row', { name: new RegExp(medication) })).toBeVisible();
  });

  test('turns notifications on and moves the day reminder to the next minute', async () => {
    await menuLink(page, 'Notification Settings').click();
    await expect(page).toHaveURL(/\/patient\/settings$/);
    const settings = main(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification settings');

    const push = settings.getByRole('switch', { name: 'Notifications in this browser' });
    await expect(push).not.toBeChecked();
    // Controlled: it turns on once the browser and Tend have both said yes, not at the click.
    await push.click();
    await expect(settings.getByText('Notifications are on.')).toBeVisible();
    await expect(push).toBeChecked();
    // The real service worker, installed for the whole site.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return registration?.active?.scriptURL ?? null;
    });
    expect(worker).toMatch(/\/sw\.js$/);

    const next = nextMinuteUtc(40);
    reminderTime = next.time;
    await fillTime(settings, 'Day doses', reminderTime);
    await settings.getByRole('button', { name: 'Save reminder times' }).click();
    await expect(settings.getByText(/^Saved\. Today’s reminders/)).toBeVisible();
    await shootAll(page, 'notification-settings-patient');
  });

  test('the service worker shows a pushed reminder with Taken and Snooze, other pushes without', async () => {
    await deliverPush(page, {
      title: `Time for ${medication} (day dose)`,
      body: 'Dosage: 10 mg.',
      link: '/patient/daily-medication',
      tag: 'dose-e2e',
      reminder: { token: 'e2e-token-that-is-never-used' },
    });
    await deliverPush(page, {
      title: 'Appointment tomorrow',
      body: 'With Dr. Example.',
      link: '/patient/book-an-appointment',
      tag: 'visit-e2e',
      reminder: null,
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => [n.tag, n.title, n.actions]))
      .toEqual([
        ['dose-e2e', `Time for ${medication} (day dose)`, ['Taken', 'Snooze 30 min']],
        ['visit-e2e', 'Appointment tomorrow', []],
      ]);
  });

  test('the reminder appears in the bell without a reload, and Taken ticks the dose', async () => {
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', {
      timeout: 150_000,
    });
    await bell(page).click();
    await expect(page).toHaveURL(/\/patient\/notifications$/);
    const item = main(page).getByRole('listitem').filter({ hasText: medication });
    await expect(item).toBeVisible();
    await expect(item.getByRole('button', { name: /^Snooze 30 min/ })).toBeVisible();
    await item.getByRole('button', { name: /^Taken/ }).click();
    await expect(item.getByText('Marked as taken.')).toBeVisible();
    await expect(item.getByRole('button', { name: /^Taken/ })).toHaveCount(0);

    await menuLink(page, 'Dashboard').click();
    await expect(main(page).getByRole('checkbox', { name: `${medication} 10 mg` })).toBeChecked();
  });

  test('the calendar address: copied, read as a calendar app would, then replaced', async () => {
    await visitOn(page, '/patient/settings');
    const settings = main(page);
    await settings.getByRole('button', { name: 'Copy address' }).click();
    await expect(settings.getByText(/^Copied\./)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const path = new URL(copied).pathname;
    expect(path).toMatch(FEED_PATH);

    const feed = await page.request.get(path);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`SUMMARY:Take ${medication} (10 mg)`);
    expect(text).toContain(
      `DTSTART;TZID=Etc/UTC:${today.replace(/-/g, '')}T${reminderTime.replace(':', '')}00`,
    );
    expect(text).toContain('RRULE:FREQ=DAILY');

    await settings.getByRole('button', { name: 'Make a new address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new calendar address?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await expect(settings.getByText(/^Here is your new address\./)).toBeVisible();
    const address = settings.getByRole('textbox', { name: 'Your calendar address' });
    await expect(address).not.toHaveValue(copied);
    expect(new URL(await address.inputValue()).pathname).toMatch(FEED_PATH);
    expect((await page.request.get(path)).status()).toBe(404);
  });

  test('a doctor’s settings: no reminder times, email switched on, the calendar address', async ({
    browser,
  }) => {
    const doctorPage = await openSharedPage(browser);
    const doctor = await createAccountViaApi(doctorPage.request, 'doctor', { firstname: 'Ines' });
    await signIn(doctorPage, doctor);
    await visitOn(doctorPage, '/doctor/settings');
    const settings = main(doctorPage);
    await expect(settings.getByRole('heading', { name: 'How reminders reach you' })).toBeVisible();
    await expect(settings.getByRole('heading', { name: 'Reminder times' })).toHaveCount(0);
    const email = settings.getByRole('switch', { name: 'Email me reminders' });
    await expect(email).not.toBeChecked();
    await email.click();
    await expect(settings.getByText('Email reminders are on.')).toBeVisible();
    await expect(email).toBeChecked();
    // The address is not confirmed yet (this account was made through the API), and the page says so.
    await expect(
      settings.getByText(/^Email reminders start once you confirm your address/),
    ).toBeVisible();
    const address = settings.getByRole('textbox', { name: 'Your calendar address' });
    expect(new URL(await address.inputValue()).pathname).toMatch(FEED_PATH);
    await shootAll(doctorPage, 'notification-settings-doctor');
    await doctorPage.context().close();
  });
});
