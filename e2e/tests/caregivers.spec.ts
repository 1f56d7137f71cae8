import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { newAccount, openSharedPage, signIn, submitSignIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { es } from '../support/catalogs.ts';
import { waitForMail } from '../support/mailbox.ts';
import { closePages } from '../support/patient-and-doctor.ts';
import { createPharmacyViaApi, pharmacyApi } from '../support/pharmacy.ts';
import { prescribeViaApi } from '../support/prescriptions.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 42 with two browsers: Maria invites Ana, who accepts from her notification, looks at
// Maria's checklist through "Caring for" and ticks a dose Maria's open page shows ticked at once;
// Ana asks Maria's pharmacy for a refill; then Maria removes her, and Ana's open page says so. Both live in UTC (registered without a zone).

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Patient menu' });
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const switcher = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Caring for/ });
const today = new Date().toISOString().slice(0, 10);

/** Shots at the three widths in English, then in Spanish (the header's picker), back in English. */
async function shootBothLanguages(page: Page, name: string) {
  await shootAll(page, `${name}-en`, { ready: main(page).getByRole('heading', { level: 1 }) });
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await shootAll(page, `${name}-es`, { ready: main(page).getByRole('heading', { level: 1 }) });
  await page
    .getByRole('combobox', { name: es('common', 'language.label') })
    .first()
    .selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test.describe.serial('caregivers: invite, accept, care for, tick live, remove', () => {
  test.describe.configure({ timeout: 180_000 });
  let patientPage: Page;
  let carerPage: Page;
  let patient: ApiAccount;
  let carer: ApiAccount;
  let caregivingId = '';
  const medication = `Metformin ${Date.now().toString(36)}`;
  const nightMedication = `Lisinopril ${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    patientPage = await openSharedPage(browser);
    carerPage = await openSharedPage(browser);
    patient = await createAccountViaApi(patientPage.request, 'patient', {
      firstname: 'Maria',
      lastname: 'Silva',
    });
    carer = await createAccountViaApi(carerPage.request, 'patient', {
      firstname: 'Ana',
      lastname: 'Silva',
    });
    const asPatient = await apiAs(patientPage.request, patient);
    const added = await asPatient.post('/medications', {
      name: medication,
      description: 'Dr. Okafor',
      dosage: '500 mg',
      startdate: today,
      timefrequency: 'day',
    });
    expect(added.status(), await added.text()).toBe(201);
    // Left unticked at night: the missed-dose alert's dose.
    const night = await asPatient.post('/medications', {
      name: nightMedication,
      startdate: today,
      timefrequency: 'night',
    });
    expect(night.status(), await night.text()).toBe(201);
    await signIn(patientPage, patient);
    await signIn(carerPage, carer);
  });
  test.afterAll(() => closePages(patientPage, carerPage));

  test('Maria invites Ana from People who help me', async () => {
    await menu(patientPage).getByRole('link', { name: 'People who help me' }).click();
    await expect(main(patientPage).getByRole('heading', { level: 1 })).toHaveText(
      'People who help me',
    );
    await waitForQuiet(patientPage);
    await expectAccessible(patientPage);
    await expect(main(patientPage).getByText('No one helps you on Tend yet.')).toBeVisible();

    await main(patientPage).getByRole('button', { name: 'Invite someone' }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Invite someone to help you' });
    await dialog.getByRole('textbox', { name: 'Their email address' }).fill(carer.email);
    // Ticking doses brings the medications along; Medications is ticked from the start.
    await dialog.getByRole('checkbox', { name: /^Tick doses/ }).check();
    await expect(dialog.getByRole('checkbox', { name: /^Medications/ })).toBeChecked();
    await dialog.getByRole('checkbox', { name: /^Prescriptions/ }).check();
    await expect(dialog.getByRole('textbox', { name: 'After how many minutes' })).toHaveValue('60');
    await expectAccessible(patientPage);
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(main(patientPage).getByText(`Invitation sent to ${carer.email}`)).toBeVisible();
    const card = main(patientPage).getByRole('listitem').filter({ hasText: carer.email });
    await expect(card.getByText('Invited', { exact: true })).toBeVisible();

    // Inviting her again is refused in words.
    await main(patientPage).getByRole('button', { name: 'Invite someone' }).click();
    await dialog.getByRole('textbox', { name: 'Their email address' }).fill(carer.email);
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Go back' }).click();
  });

  test('Ana is told live, opens the invitation from her notification and accepts', async () => {
    await visitOn(carerPage, '/patient/notifications');
    await expect(bell(carerPage)).toHaveAccessibleName(/unread/);
    await main(carerPage).getByRole('link', { name: 'Maria Silva asks you to help' }).click();
    await expect(carerPage).toHaveURL(/\/caregiving\/accept\?invitation=/);
    await expect(main(carerPage).getByText('Maria Silva asks you to help them')).toBeVisible();
    await waitForQuiet(carerPage);
    await expectAccessible(carerPage);
    await shootBothLanguages(carerPage, 'caregiving-invitation');

    await main(carerPage).getByRole('button', { name: 'Accept' }).click();
    await expect(main(carerPage).getByText('You now help Maria Silva.')).toBeVisible();

    // Maria's open page follows: Ana is helping now.
    const card = main(patientPage).getByRole('listitem').filter({ hasText: carer.email });
    await expect(card.getByText('Helping', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Ana Silva' })).toBeVisible();
    await shootBothLanguages(patientPage, 'caregivers-patient');
    const listed = await (await apiAs(patientPage.request, patient)).get('/caregivers');
    caregivingId =
      ((await listed.json()) as { caregivers: { _id: string }[] }).caregivers[0]?._id ?? '';

    // Ana's side: Maria among the people she cares for, and whether she wants the alerts.
    await visitOn(carerPage, '/patient/caregivers');
    const caring = main(carerPage).getByRole('listitem').filter({ hasText: 'Maria Silva' });
    const alerts = caring.getByRole('switch', { name: 'Tell me when Maria Silva misses a dose' });
    await expect(alerts).toBeChecked();
    await alerts.uncheck();
    await expect(caring.getByText('Saved.')).toBeVisible();
    await expect(alerts).not.toBeChecked();
    await alerts.check();
    await expect(alerts).toBeChecked();
    await shootBothLanguages(carerPage, 'caregivers-carer');
  });

  test('Ana switches to Maria, sees her checklist and ticks a dose Maria sees ticked live', async () => {
    await main(carerPage).getByRole('button', { name: 'Open their pages' }).click();
    await expect(carerPage).toHaveURL(/\/patient\/daily-medication$/);
    await expect(
      main(carerPage).getByText('You are looking at Maria Silva’s pages, as their caregiver.'),
    ).toBeVisible();
    await expect(switcher(carerPage)).toHaveAccessibleName('Caring for: Maria Silva');
    // Only what Maria shares is in the menu: no messages, doctors or settings.
    await expect(menu(carerPage).getByRole('link', { name: 'Daily Medication' })).toBeVisible();
    await expect(menu(carerPage).getByRole('link', { name: 'Messages' })).toHaveCount(0);
    await expect(menu(carerPage).getByRole('link', { name: 'My Doctors' })).toHaveCount(0);
    await expect(menu(carerPage).getByRole('link', { name: 'Health' })).toHaveCount(0);

    const carerBox = main(carerPage).getByRole('checkbox', { name: new RegExp(medication) });
    await expect(carerBox).not.toBeChecked();
    await waitForQuiet(carerPage);
    await expectAccessible(carerPage);
    await shootBothLanguages(carerPage, 'caregiving-checklist');

    await visitOn(patientPage, '/patient/daily-medication');
    const patientBox = main(patientPage).getByRole('checkbox', { name: new RegExp(medication) });
    await expect(patientBox).not.toBeChecked();

    await carerBox.check();
    await expect(carerBox).toBeChecked();
    await expect(patientBox).toBeChecked();

    // A page Maria does not share says so, and shows nothing of hers.
    await carerPage.goto('/patient/messages');
    await expect(
      main(carerPage).getByText('Maria Silva does not share this with you.'),
    ).toBeVisible();
    await expectAccessible(carerPage);
    await menu(carerPage).getByRole('link', { name: 'Daily Medication' }).click();
    await expect(carerBox).toBeChecked();

    // Back to her own pages, then a link naming Maria (a missed-dose alert's) opens Maria's again.
    await main(carerPage).getByRole('button', { name: 'Back to my own' }).click();
    await expect(main(carerPage).getByRole('heading', { level: 1 })).toHaveText('Hello, Ana');
    await carerPage.goto(`/patient?patientId=${patient.id}`);
    await expect(carerPage).toHaveURL(/\/patient\/daily-medication$/);
    await expect(carerBox).toBeChecked();
  });

  test('Maria leaves a dose unticked: Ana’s open page shows the alert live', async () => {
    // Maria's night reminder 14 minutes ago, Ana's alerts after 15: due within the minute.
    const at = new Date(Date.now() - 14 * 60_000);
    test.skip(at.toISOString().slice(0, 10) !== today, 'the reminder would fall on yesterday');
    const night = at.toISOString().slice(11, 16);
    const asPatient = await apiAs(patientPage.request, patient);
    const delay = await asPatient.patch(`/caregivers/${caregivingId}`, {
      alerts: { delayminutes: 15 },
    });
    expect(delay.status(), await delay.text()).toBe(200);
    const times = await asPatient.put('/me/notification-settings', {
      email: false,
      push: false,
      remindertimes: { day: '08:00', afternoon: '13:00', night },
    });
    expect(times.status(), await times.text()).toBe(200);

    await expect(bell(carerPage)).toHaveAccessibleName('Notifications, 1 unread', {
      timeout: 100_000,
    });
    await bell(carerPage).click();
    await expect(carerPage).toHaveURL(/\/patient\/notifications$/);
    await expect(
      main(carerPage).getByRole('link', { name: `Maria Silva has not taken ${nightMedication}` }),
    ).toBeVisible();
    await expectAccessible(carerPage);
  });

  test('Ana asks Maria’s pharmacy for a refill from Maria’s Prescriptions page', async () => {
    // Set up through the API: Maria's doctor prescribes (one refill), Maria sends it to a
    // pharmacy, which dispenses the first fill.
    const doctor = await createAccountViaApi(patientPage.request, 'doctor', {
      firstname: 'Kofi',
      lastname: `Mensah${Date.now().toString(36)}`,
    });
    const asPatient = await apiAs(patientPage.request, patient);
    const linked = await asPatient.post('/care-links', { doctorId: doctor.id });
    expect(linked.status(), await linked.text()).toBe(201);
    const prescription = await prescribeViaApi(patientPage, doctor, patient, 'Amoxicillin', 1);
    const pharmacy = await createPharmacyViaApi(patientPage.request, `Farmacia ${Date.now()}`);
    const sent = await asPatient.post(`/prescriptions/${prescription._id}/send`, {
      pharmacyId: pharmacy.id,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const asPharmacy = await pharmacyApi(patientPage.request, pharmacy);
    for (const status of ['preparing', 'ready', 'dispensed']) {
      const step = await asPharmacy.post(`/prescriptions/${prescription._id}/fills/current`, {
        status,
      });
      expect(step.status(), await step.text()).toBe(200);
    }

    await visitOn(carerPage, `/patient?patientId=${patient.id}`);
    await menu(carerPage).getByRole('link', { name: 'Prescriptions' }).click();
    await expect(carerPage).toHaveURL(/\/patient\/prescriptions$/);
    const rx = main(carerPage).getByRole('article', { name: /^Amoxicillin/ });
    await expect(rx).toContainText('First fill: Dispensed');
    await waitForQuiet(carerPage);
    await expectAccessible(carerPage);
    await rx.getByRole('button', { name: /^Request a refill/ }).click();
    await expect(main(carerPage).getByRole('status')).toContainText(
      'A refill of Amoxicillin 500 mg, tablet is requested from',
    );
    await expect(rx).toContainText('Refill 1 of 1: Waiting for the pharmacy');
  });

  test('Maria removes Ana; Ana’s open page says so and takes her back to her own', async () => {
    await visitOn(patientPage, '/patient/caregivers');
    const card = main(patientPage).getByRole('listitem').filter({ hasText: carer.email });
    await card.getByRole('button', { name: 'Remove Ana Silva' }).click();
    const confirm = patientPage.getByRole('dialog', { name: 'Remove this caregiver?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(
      main(patientPage).getByText(
        'Ana Silva no longer helps you and no longer sees anything of yours.',
      ),
    ).toBeVisible();

    await expect(main(carerPage).getByText('You no longer help Maria Silva')).toBeVisible();
    await expect(
      main(carerPage).getByRole('checkbox', { name: new RegExp(medication) }),
    ).toHaveCount(0);
    await expectAccessible(carerPage);
    await main(carerPage).getByRole('button', { name: 'Back to my own' }).click();
    await expect(carerPage).toHaveURL(/\/patient$/);
    await expect(main(carerPage).getByRole('heading', { level: 1 })).toHaveText('Hello, Ana');
    await expect(switcher(carerPage)).toHaveCount(0);
  });
});

test('someone without an account signs up from the emailed link, and the invitation waits for them', async ({
  browser,
}) => {
  const inviterPage = await openSharedPage(browser);
  const page = await openSharedPage(browser);
  const inviter = await createAccountViaApi(inviterPage.request, 'patient', {
    firstname: 'Rosa',
    lastname: 'Mendes',
  });
  const newcomer = newAccount('patient', 'Joana');
  const invited = await (
    await apiAs(inviterPage.request, inviter)
  ).post('/caregivers', { email: newcomer.email, areas: ['medications'] });
  expect(invited.status(), await invited.text()).toBe(201);

  const mail = await waitForMail(newcomer.email, /Rosa Mendes asks you to help/);
  const link = /https?:\/\/[^\s/]+(\/caregiving\/accept\?invitation=[^\s#]+#[A-Za-z0-9_-]+)/.exec(
    mail.text,
  )?.[1];
  expect(link, mail.text).toBeDefined();
  await visitOn(page, link ?? '/');
  await expect(main(page).getByText('Rosa Mendes asks you to help them')).toBeVisible();
  await main(page).getByRole('link', { name: 'Sign up as a patient' }).click();

  const form = main(page);
  await form.getByRole('textbox', { name: 'First Name' }).fill(newcomer.firstname);
  await form.getByRole('textbox', { name: 'Last Name' }).fill(newcomer.lastname);
  await form.getByRole('textbox', { name: 'Email' }).fill(newcomer.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password);
  await form.getByRole('radio', { name: 'Patient' }).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await submitSignIn(page, newcomer.email, newcomer.password);
  await expect(page).toHaveURL(/\/patient$/);

  await expect(main(page).getByText('You have an invitation waiting')).toBeVisible();
  await expectAccessible(page);
  await main(page).getByRole('link', { name: 'See the invitation' }).click();
  await main(page).getByRole('button', { name: 'Accept' }).click();
  await expect(main(page).getByText('You now help Rosa Mendes.')).toBeVisible();
  await closePages(inviterPage, page);
});
