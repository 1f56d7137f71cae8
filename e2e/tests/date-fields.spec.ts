import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, submitSignIn, visitOn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi } from '../support/api-accounts.ts';
import { es } from '../support/catalogs.ts';
import { fillTime } from '../support/date-fields.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 46 item 7: date and time fields follow the page's language, not the browser's. Each test
// opens a page whose language differs from its browser's, so a field drawn by the browser would
// show the wrong one: the day is written in the page's language, its calendar names months and
// weekdays in it (and starts the week as its countries do), and the time is 12-hour with AM/PM in
// English, 24-hour in Spanish. A reading typed that way is recorded as typed.

const main = (page: Page) => page.getByRole('main');
/** The shared components' Spanish words (components/locales), which catalogs.ts does not read. */
const componentsEs = JSON.parse(
  readFileSync(new URL('../../apps/web/src/components/locales/es.json', import.meta.url), 'utf8'),
) as { dateField: Record<string, string> };
const componentWord = (key: string, field: string) =>
  (componentsEs.dateField[key] ?? '').replace('{{field}}', field);

/** A patient whose profile speaks `language`, signed in on a browser set to the other language. */
async function openIn(
  browser: Browser,
  language: 'en' | 'es',
): Promise<{ page: Page; token: string }> {
  // The browser speaks the other language: its own date fields would be drawn in that one.
  const page = await openSharedPage(browser, {
    locale: language === 'en' ? 'es-ES' : 'en-US',
    timezoneId: 'UTC',
  });
  const patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Inés' });
  const token = await apiToken(page.request, patient);
  const set = await page.request.patch('/api/v1/me/update', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language },
  });
  expect(set.status()).toBe(200);
  await page.context().clearCookies({ name: /^tend_(refresh|session)$/ });
  // The sign-in page, before anyone is known, speaks as the browser does; English here.
  await page.goto('/sign-in');
  await page.evaluate(() => localStorage.setItem('tend.language', 'en'));
  await page.goto('/sign-in');
  await submitSignIn(page, patient.email, patient.password);
  await expect(page).toHaveURL(/\/patient$/);
  // The profile's language takes over once it arrives.
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await waitForQuiet(page);
  return { page, token };
}

/** The moments of the person's readings, as the server keeps them. */
async function recordedMoments(page: Page, token: string): Promise<string[]> {
  const res = await page.request.get('/api/v1/measurements', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { measurements: { takenat: string }[] };
  return body.measurements.map((reading) => new Date(reading.takenat).toISOString());
}

/** Screenshots of the open calendar at the three widths, each checked with axe. */
async function shootCalendar(page: Page, name: string, open: () => Promise<void>) {
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize({ width, height: 900 });
    await open();
    await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

test.describe('date and time fields follow the page’s language', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an English page in a Spanish browser: the day in English words, the time with AM/PM', async ({
    browser,
  }) => {
    const { page, token } = await openIn(browser, 'en');
    const panel = main(page).getByRole('region', { name: 'Graph Status' });
    await panel.getByRole('button', { name: 'Record a reading' }).click();
    const form = panel.getByRole('form', { name: 'Record a reading' });
    const field = 'When it was measured';
    const day = form.getByRole('textbox', { name: `${field}: day` });
    // Today, as English writes it (the form starts at now on this device).
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    await expect(day).toHaveValue(today);

    // The calendar: English month and weekday names, the week from Sunday.
    await day.fill('2026-01-05');
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toContainText('January 2026');
    await expect(calendar.locator('thead th').first()).toHaveText('Su');
    await expect(
      calendar.getByRole('button', { name: 'January 5, 2026', exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // Typed as English writes numbers (month first), shown in words once the field is left.
    await day.fill('2/3/2026');
    await form.getByRole('spinbutton', { name: `${field}: hour` }).focus();
    await expect(day).toHaveValue('February 3, 2026');

    // Text that names no day stays as typed, and the form says what is wrong.
    await day.fill('someday');
    await form.getByRole('textbox', { name: /^Weight/ }).fill('61.5');
    await form.getByRole('button', { name: 'Record reading' }).click();
    await expect(day).toHaveValue('someday');
    await expect(form.getByText(/date|time/i).last()).toBeVisible();
    await expectAccessible(page);

    // Hours 1–12 and AM/PM.
    await expect(form.getByRole('spinbutton', { name: `${field}: hour` })).toHaveAttribute(
      'aria-valuemax',
      '12',
    );
    await day.fill('2/3/2026');
    await fillTime(form, field, '21:30');
    await expect(form.getByRole('combobox', { name: `${field}: AM or PM` })).toHaveValue('PM');
    await shootAll(page, 'date-fields-en');
    await shootCalendar(page, 'date-fields-en-calendar', () => day.click());

    await form.getByRole('button', { name: 'Record reading' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Recorded:/ })).toContainText(
      'Weight',
    );
    // Recorded at the moment typed: 3 February 2026, 21:30 on this device (UTC).
    expect(await recordedMoments(page, token)).toEqual(['2026-02-03T21:30:00.000Z']);
    await page.context().close();
  });

  test('a Spanish page in an English browser: the day in Spanish words, the time in 24 hours', async ({
    browser,
  }) => {
    const { page, token } = await openIn(browser, 'es');
    const panel = main(page).getByRole('region', { name: es('measurements', 'panel.heading') });
    await panel.getByRole('button', { name: es('measurements', 'panel.record') }).click();
    const form = panel.getByRole('form', { name: es('measurements', 'panel.record') });
    const field = es('measurements', 'form.when');
    const day = form.getByRole('textbox', { name: componentWord('day', field) });
    const today = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    await expect(day).toHaveValue(today);

    // The calendar: Spanish month and weekday names, the week from Monday.
    await day.fill('2026-01-05');
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toContainText('enero 2026');
    await expect(calendar.locator('thead th').first()).toHaveText('lu');
    await expect(
      calendar.getByRole('button', { name: '5 de enero de 2026', exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // Typed as Spanish writes numbers (day first), shown in words once the field is left.
    const hour = form.getByRole('spinbutton', { name: componentWord('hours', field) });
    await day.fill('2/3/2026');
    await hour.focus();
    await expect(day).toHaveValue('2 de marzo de 2026');

    // Hours 0–23, no AM/PM.
    await expect(hour).toHaveAttribute('aria-valuemax', '23');
    await expect(form.getByRole('combobox', { name: componentWord('amPm', field) })).toHaveCount(0);
    await hour.fill('21');
    await form.getByRole('spinbutton', { name: componentWord('minutes', field) }).fill('30');
    await expect(hour).toHaveValue('21');
    await form
      .getByRole('textbox', { name: new RegExp(`^${es('measurements', 'kinds.weight')}`) })
      .fill('61.5');
    await shootAll(page, 'date-fields-es');
    await shootCalendar(page, 'date-fields-es-calendar', () => day.click());

    await form.getByRole('button', { name: es('measurements', 'form.submit') }).click();
    await expect(panel.getByRole('status')).toContainText('61,5');
    // 2 March 2026 (day first), 21:30 on this device (UTC).
    expect(await recordedMoments(page, token)).toEqual(['2026-03-02T21:30:00.000Z']);

    // The other forms' fields, in Spanish too: a medication's days, the reminders' times.
    await visitOn(page, '/patient/create-medication');
    await expect(
      main(page).getByRole('textbox', { name: es('medications', 'fields.startDate') }),
    ).toHaveValue(today);
    await shootAll(page, 'date-fields-es-medication');
    await visitOn(page, '/patient/settings');
    await expect(
      main(page).getByRole('spinbutton', {
        name: componentWord('hours', es('settings', 'reminderTimes.day')),
      }),
    ).toHaveAttribute('aria-valuemax', '23');
    await shootAll(page, 'date-fields-es-settings');
    await page.context().close();
  });
});
