import type { Page } from '@playwright/test';
import { COMMON_PASSWORD_MESSAGE } from '@tend/shared';
import { translateMessage } from '@tend/shared/messages-es';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { forgetBrowserSession, newAccount, openSharedPage } from '../support/accounts.ts';
import { apiToken, createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { prepareDoctor } from '../support/appointments.ts';
import { englishOn, es } from '../support/catalogs.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 24: a person whose browser speaks Spanish uses Tend in Spanish from the first page, signs
// up and in, ticks today's dose and books a visit, every page in Spanish (no phrase of the English
// catalogs on it) and accessible. Words are looked up in the app's own Spanish catalogs.
const today = new Date().toISOString().slice(0, 10);
const main = (page: Page) => page.getByRole('main');

/** A Spanish page: lang="es", no English phrase of the catalogs on it, axe clean. */
async function expectSpanish(page: Page) {
  await waitForQuiet(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await englishOn(page), `English left on ${page.url()}`).toEqual([]);
  await expectAccessible(page);
}

test.describe.serial('Tend in Spanish, for a browser set to Spanish', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let doctor: ApiAccount;
  const patient = newAccount('patient', 'Lucía');
  const doctorLastname = `Ortega${Date.now().toString(36)}`;
  const doctorName = `Dr. Elena ${doctorLastname}`;
  const medication = `Enalapril ${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser, { locale: 'es-ES', timezoneId: 'UTC' });
    doctor = await createAccountViaApi(page.request, 'doctor', {
      firstname: 'Elena',
      lastname: doctorLastname,
    });
    await prepareDoctor(page.request, doctor, {
      specialty: 'Cardiología',
      location: 'Calle Mayor 5, Madrid',
      yearsofexperience: 12,
      consultationfee: 40,
    });
    // Setting the doctor up through this page's API context signed the browser in as the doctor.
    await forgetBrowserSession(page);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the landing page speaks the browser’s language', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es('landing', 'hero.heading'));
    await expectSpanish(page);
    await expect(page).toHaveTitle(es('app', 'meta.publicTitle'));
    await shootAll(page, 'spanish-landing');
  });

  test('signs up in Spanish, and the account keeps Spanish', async () => {
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es('auth', 'signUp.heading'));
    await expectSpanish(page);
    const form = main(page);
    const password = form.getByRole('textbox', {
      name: es('auth', 'shared.password'),
      exact: true,
    });
    await form
      .getByRole('textbox', { name: es('auth', 'signUp.firstName') })
      .fill(patient.firstname);
    await form.getByRole('textbox', { name: es('auth', 'signUp.lastName') }).fill(patient.lastname);
    await form.getByRole('textbox', { name: es('auth', 'shared.email') }).fill(patient.email);
    await form.getByRole('radio', { name: es('auth', 'signUp.patient') }).check();
    // The shared schema's rule, checked in the browser, in Spanish.
    await password.fill('corta');
    await form.getByRole('button', { name: es('auth', 'signUp.submit') }).click();
    await expect(
      form.getByText(translateMessage('Use at least 8 characters.', 'es')),
    ).toBeVisible();
    await expect(password).toBeFocused();
    // The server's refusal of a common password, answered in Spanish.
    await password.fill('password123');
    await form.getByRole('button', { name: es('auth', 'signUp.submit') }).click();
    await expect(form.getByText(translateMessage(COMMON_PASSWORD_MESSAGE, 'es'))).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await password.fill(patient.password);
    await form.getByRole('button', { name: es('auth', 'signUp.submit') }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText(es('auth', 'signUp.ready'))).toBeVisible();
    await expectSpanish(page);
  });

  test('signs in in Spanish and lands on a Spanish dashboard', async () => {
    const form = main(page);
    await form
      .getByRole('textbox', { name: es('auth', 'shared.password'), exact: true })
      .fill(patient.password);
    await form.getByRole('button', { name: es('auth', 'signIn.submit') }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      es('dashboard', 'page.greeting', { name: patient.firstname }),
    );
    await expectSpanish(page);
    await shootAll(page, 'spanish-patient-dashboard');
    // The profile says Spanish: emails, PDFs and the calendar feed follow it.
    const token = await apiToken(page.request, { ...patient, id: '', userType: 'patient' });
    const me = await page.request.get('/api/v1/me', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { language: string }).language).toBe('es');
    const created = await page.request.post('/api/v1/medications', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: medication, dosage: '5 mg', startdate: today, timefrequency: 'day' },
    });
    expect(created.status()).toBe(201);
  });

  test('ticks today’s dose on the Spanish checklist, and the server has it', async () => {
    const menu = page.getByRole('navigation', { name: es('app', 'layout.roleMenu.patient') });
    await menu.getByRole('link', { name: es('app', 'menu.dailyMedication') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      es('medications', 'daily.heading'),
    );
    const list = main(page);
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([
      es('medications', 'timeOfDay.day'),
    ]);
    const dose = list.getByRole('checkbox', { name: `${medication} 5 mg` });
    await expect(dose).not.toBeChecked();
    await expectSpanish(page);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 200,
    );
    await dose.check();
    await saved;
    await expect(
      list.getByText(es('medications', 'checklist.progressAll_one', { count: '1' })),
    ).toBeVisible();
    await expectSpanish(page);
    await shootAll(page, 'spanish-daily-medication');
    await page.reload();
    await expect(dose).toBeChecked();
  });

  test('books an online consultation in Spanish', async () => {
    const menu = page.getByRole('navigation', { name: es('app', 'layout.roleMenu.patient') });
    await menu.getByRole('link', { name: es('app', 'menu.appointment') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      es('appointments', 'bookPage.heading'),
    );
    await main(page)
      .getByRole('searchbox', { name: es('appointments', 'bookPage.name') })
      .fill(doctorLastname);
    const cards = main(page)
      .getByRole('list', { name: es('appointments', 'bookPage.list') })
      .getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading', { name: doctorName })).toBeVisible();
    await expectSpanish(page);

    await cards
      .first()
      .getByRole('button', {
        name: es('appointments', 'directory.bookOnlineWith', { name: doctorName }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: es('appointments', 'booking.title.online') });
    await dialog
      .getByRole('button', { name: es('appointments', 'booking.next'), exact: true })
      .click();
    await expect(dialog.getByText(es('appointments', 'chooseSlot'))).toBeVisible();
    await dialog.getByRole('button', { name: es('appointments', 'slots.next') }).click();
    // Times the Spanish way: 24-hour, "9:00" (each chip's label also names its day, unseen).
    await dialog
      .locator('label')
      .filter({ hasText: /\d:00$/ })
      .first()
      .click();
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
    await expectSpanish(page);
    await dialog
      .getByRole('button', { name: es('appointments', 'booking.next'), exact: true })
      .click();
    await dialog
      .getByLabel(es('appointments', 'booking.purpose'))
      .fill('Control de la presión arterial');
    await dialog.getByRole('button', { name: es('appointments', 'booking.confirm') }).click();
    await expect(dialog).toBeHidden();
    const done = es('appointments', 'booking.done.online', { doctor: doctorName, when: '' });
    await expect(main(page).getByRole('status')).toContainText(done.split(' el ')[0] ?? done);
    await expectSpanish(page);
  });

  test('the header’s picker turns the pages to English, and the choice holds', async () => {
    await page
      .getByRole('combobox', { name: es('common', 'language.label') })
      .first()
      .selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      es('appointments', 'bookPage.heading'),
    );
  });
});

test('a page opened in English by an English browser stays English', async ({ visit, page }) => {
  // The first page's Spanish comes in files of its own, fetched only for a page in Spanish.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await visit('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your care, kept together between visits',
  );
  const spanish = [
    es('landing', 'hero.heading'),
    es('common', 'header.skipToContent'),
    es('app', 'meta.publicTitle'),
  ];
  for (const script of await Promise.all(scripts)) {
    expect(spanish.filter((phrase) => script.includes(phrase))).toEqual([]);
  }

  // The header's picker turns the page Spanish at once, once those words have come.
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es('landing', 'hero.heading'));
  await expectSpanish(page);
});
