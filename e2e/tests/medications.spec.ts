import { fillDate, shownDay } from '../support/date-fields.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { DOCTOR_MENU_LINKS, PATIENT_MENU_LINKS, signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { waitForQuiet } from '../support/quiet.ts';

// The patient and the doctor are registered through the API without a time zone, so both live in
// UTC: "today" below is the UTC date, as the server counts it.
const isoDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const today = isoDay();

const NO_PATIENTS =
  'No patients share their medications with you yet. Patients can share from their My Doctors page.';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });

async function openMenuPage(page: Page, role: 'Patient' | 'Doctor', name: string) {
  await menu(page, role).getByRole('link', { name, exact: true }).click();
  await expect(menu(page, role).getByRole('link', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await waitForQuiet(page);
}

type NewMedication = {
  name: string;
  prescription: string;
  dosage: string;
  note: string;
  start?: string;
  end?: string;
  time: 'Day' | 'Afternoon' | 'Night';
};

async function createMedication(page: Page, medication: NewMedication) {
  await openMenuPage(page, 'Patient', 'Create Medication');
  const form = main(page);
  await expect(form.getByLabel('Start date')).toHaveValue(shownDay(today));
  await form.getByRole('textbox', { name: 'Name' }).fill(medication.name);
  await form.getByRole('textbox', { name: 'Prescription' }).fill(medication.prescription);
  await form.getByRole('textbox', { name: 'Dosage' }).fill(medication.dosage);
  await form.getByRole('textbox', { name: 'Note' }).fill(medication.note);
  if (medication.start) await fillDate(form.getByLabel('Start date'), medication.start);
  if (medication.end) await fillDate(form.getByLabel('End date'), medication.end);
  await form.getByRole('radio', { name: medication.time }).check();
  await form.getByRole('button', { name: 'Save medication' }).click();
  await expect(page).toHaveURL(/\/patient\/medications$/);
  await expect(
    main(page).getByText(`${medication.name} · ${medication.time} was added to your medications.`),
  ).toBeVisible();
}

test.describe.serial('medications, sharing and doctor tracking', () => {
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  // A name no other spec's doctor has, so the directory search finds exactly this one.
  const doctorLastname = `Varga${Date.now().toString(36)}`;
  const doctorName = () => `Dr. Ilona ${doctorLastname}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ilona', lastname: doctorLastname },
      patient: { firstname: 'Noor', lastname: 'Haddad' },
    }));
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the patient menu lists the medication pages and nothing unbuilt', async () => {
    await expect(menu(patientPage, 'Patient').getByRole('link')).toHaveText(PATIENT_MENU_LINKS);
    await expect(main(patientPage).getByText('You have no medications yet.')).toBeVisible();
  });

  test('an empty list says so and leads to Create Medication', async () => {
    await openMenuPage(patientPage, 'Patient', 'Medication');
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Medications');
    await expect(main(patientPage).getByText('You have no medications yet.')).toBeVisible();
    await expectAccessible(patientPage);
    await main(patientPage).getByRole('link', { name: 'Create Medication' }).click();
    await expect(patientPage).toHaveURL(/\/patient\/create-medication$/);
  });

  test('the form checks its fields in the browser', async () => {
    await visitOn(patientPage, '/patient/create-medication');
    const form = main(patientPage);
    await form.getByRole('button', { name: 'Save medication' }).click();
    await expect(form.getByText('Enter the medication’s name.')).toBeVisible();
    await expect(form.getByText('Choose day, afternoon or night.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expectAccessible(patientPage);
    await form.getByRole('textbox', { name: 'Name' }).fill('Ibuprofen');
    await form.getByRole('radio', { name: 'Day' }).check();
    await fillDate(form.getByLabel('End date'), isoDay(-10));
    await form.getByRole('button', { name: 'Save medication' }).click();
    await expect(form.getByText('The end date cannot be before the start date.')).toBeVisible();
    await expect(form.getByLabel('End date')).toBeFocused();
    await expect(patientPage).toHaveURL(/\/patient\/create-medication$/);
  });

  test('creates three medications, one per time of day', async () => {
    await createMedication(patientPage, {
      name: 'Metformin',
      prescription: 'For blood sugar, with breakfast.',
      dosage: '500 mg',
      note: 'Take with food.',
      start: isoDay(-3),
      time: 'Day',
    });
    await createMedication(patientPage, {
      name: 'Lisinopril',
      prescription: 'For blood pressure.',
      dosage: '10 mg',
      note: 'Check blood pressure weekly.',
      end: isoDay(30),
      time: 'Afternoon',
    });
    await createMedication(patientPage, {
      name: 'Atorvastatin',
      prescription: 'For cholesterol, at bedtime.',
      dosage: '20 mg',
      note: 'Avoid grapefruit.',
      time: 'Night',
    });
    await expectAccessible(patientPage);
  });

  test('lists them with MM/dd/yyyy dates and named actions', async () => {
    const table = main(patientPage).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Prescription',
      'Dosage',
      'Time of day',
      'Start',
      'End',
      'Actions',
    ]);
    const metformin = table.getByRole('row', { name: /Metformin/ });
    await expect(metformin).toContainText('500 mg');
    await expect(metformin).toContainText('Day');
    await expect(metformin).toContainText(usDate(isoDay(-3)));
    await expect(metformin).toContainText('Ongoing');
    const lisinopril = table.getByRole('row', { name: /Lisinopril/ });
    await expect(lisinopril).toContainText(usDate(today));
    await expect(lisinopril).toContainText(usDate(isoDay(30)));
    for (const action of ['View', 'Edit', 'Delete']) {
      await expect(
        table.getByRole(action === 'Delete' ? 'button' : 'link', {
          name: `${action} Atorvastatin · Night`,
        }),
      ).toBeVisible();
    }
  });

  test('edits one: the form comes prefilled and the list shows the change', async () => {
    await main(patientPage).getByRole('link', { name: 'Edit Atorvastatin · Night' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Edit medication');
    const form = main(patientPage);
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Atorvastatin');
    await expect(form.getByRole('textbox', { name: 'Note' })).toHaveValue('Avoid grapefruit.');
    await expect(form.getByRole('radio', { name: 'Night' })).toBeChecked();
    await expectAccessible(patientPage);
    await form.getByRole('textbox', { name: 'Dosage' }).fill('40 mg');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(patientPage).toHaveURL(/\/patient\/medications$/);
    await expect(main(patientPage).getByText('Atorvastatin · Night was saved.')).toBeVisible();
    await expect(main(patientPage).getByRole('row', { name: /Atorvastatin/ })).toContainText(
      '40 mg',
    );
  });

  test('deletes one only after confirming; "No, go back" keeps it', async () => {
    const list = main(patientPage);
    await list.getByRole('button', { name: 'Delete Lisinopril · Afternoon' }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Delete this medication?' });
    await expect(dialog).toContainText('Are you sure you want to delete Lisinopril · Afternoon');
    await expect(dialog.getByRole('button', { name: 'No, go back' })).toBeFocused();
    await patientPage.waitForTimeout(300); // the dialog fades in
    await expectAccessible(patientPage);

    await dialog.getByRole('button', { name: 'No, go back' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('button', { name: 'Delete Lisinopril · Afternoon' })).toBeFocused();
    await expect(list.getByRole('row', { name: /Lisinopril/ })).toBeVisible();

    await list.getByRole('button', { name: 'Delete Lisinopril · Afternoon' }).click();
    await dialog.getByRole('button', { name: "Yes I'm sure" }).click();
    await expect(dialog).toBeHidden();
    const status = list
      .getByRole('status')
      .filter({ hasText: 'Lisinopril · Afternoon was deleted.' });
    await expect(status).toBeFocused();
    await expect(list.getByRole('row', { name: /Lisinopril/ })).toHaveCount(0);
    await visitOn(patientPage, '/patient/medications');
    await expect(main(patientPage).getByRole('row')).toHaveCount(3); // header + 2
  });

  test('the view page shows every field and corrects a past day', async () => {
    await main(patientPage).getByRole('link', { name: 'View Metformin' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Metformin · Day');
    const page = main(patientPage);
    await expect(page.getByText('For blood sugar, with breakfast.')).toBeVisible();
    await expect(page.getByText('Take with food.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dose history' })).toBeVisible();
    await waitForQuiet(patientPage);
    await expectAccessible(patientPage);

    const twoDaysAgo = page.getByRole('checkbox', { name: new RegExp(usDate(isoDay(-2))) });
    await expect(twoDaysAgo).not.toBeChecked();
    await twoDaysAgo.check();
    await expect(twoDaysAgo).toBeChecked();
    await waitForQuiet(patientPage);
    await patientPage.reload();
    await expect(twoDaysAgo).toBeChecked();
    // Before its start date, a day is not due and cannot be ticked.
    await expect(page.getByText(`${usDate(isoDay(-4))}: not due`)).toBeVisible();
  });

  test('the edit page of a medication that cannot be loaded says so', async () => {
    await visitOn(patientPage, '/patient/medications/does-not-exist/edit');
    await expect(main(patientPage).getByText('Error fetching medication data')).toBeVisible();
    await expect(main(patientPage).getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  });

  test('ticks a dose on the checklist and still sees it after a reload', async () => {
    await openMenuPage(patientPage, 'Patient', 'Daily Medication');
    const list = main(patientPage);
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Day', 'Night']);
    const metformin = list.getByRole('checkbox', { name: 'Metformin 500 mg' });
    await expect(metformin).not.toBeChecked();
    await expectAccessible(patientPage);

    const saved = patientPage.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 200,
    );
    await metformin.check();
    await expect(metformin).toBeChecked();
    await saved;
    await expect(list.getByText('1 of 2 doses taken today.')).toBeVisible();
    await patientPage.reload();
    await expect(metformin).toBeChecked();
    await expect(list.getByRole('checkbox', { name: 'Atorvastatin 40 mg' })).not.toBeChecked();
  });

  test('a tick that cannot be saved is undone, with a message in words', async () => {
    let failed = false;
    await patientPage.route('**/api/v1/medications/*', async (route) => {
      if (route.request().method() !== 'PATCH' || failed) return route.fallback();
      failed = true;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
    });
    const list = main(patientPage);
    const atorvastatin = list.getByRole('checkbox', { name: 'Atorvastatin 40 mg' });
    // click, not check: the box is back to unticked by the time the check could be confirmed.
    await atorvastatin.click();
    const alert = list.getByRole('alert');
    await expect(alert).toContainText('Atorvastatin · Night could not be saved as taken');
    await expect(alert).toContainText('Something went wrong on our side.');
    await expect(atorvastatin).not.toBeChecked();
    await expectAccessible(patientPage);
    await patientPage.unroute('**/api/v1/medications/*');
  });

  test('the dashboard shows today’s doses and this week', async () => {
    await openMenuPage(patientPage, 'Patient', 'Dashboard');
    const dashboard = main(patientPage);
    await expect(dashboard.getByRole('checkbox', { name: 'Metformin 500 mg' })).toBeChecked();
    await expect(dashboard.getByText('You took 2 of 5 doses this week')).toBeVisible();
    await expect(dashboard.getByText('Metformin · Day: 2 of 4 doses (50%)')).toBeVisible();
    await expectAccessible(patientPage);
  });

  test('shares the medications with a doctor found in the directory', async () => {
    await openMenuPage(patientPage, 'Patient', 'My Doctors');
    const page = main(patientPage);
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('My Doctors');
    await expect(
      page.getByText('You do not share your medications with any doctor yet.'),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search doctors' }).fill(doctorLastname);
    const results = page.getByRole('list', { name: 'Doctors' });
    await expect(results.getByRole('listitem')).toHaveCount(1);
    await expect(results.getByRole('heading', { name: doctorName() })).toBeVisible();
    await expectAccessible(patientPage);

    await results
      .getByRole('button', { name: `Share my medications with ${doctorName()}` })
      .click();
    await expect(
      page.getByText(`You now share your medications with ${doctorName()}.`),
    ).toBeVisible();
    await expect(
      results.getByRole('button', { name: `Sharing with ${doctorName()}` }),
    ).toBeDisabled();
    await expect(
      page.getByRole('button', { name: `Stop sharing with ${doctorName()}` }),
    ).toBeVisible();
    await expectAccessible(patientPage);
  });

  test('the doctor picks the patient and sees the tick and the adherence', async () => {
    await signIn(doctorPage, doctor);
    await expect(menu(doctorPage, 'Doctor').getByRole('link')).toHaveText(DOCTOR_MENU_LINKS);
    const dashboard = main(doctorPage);
    await expect(dashboard.getByText('This week: 2 of 5 doses (40%)')).toBeVisible();
    await expectAccessible(doctorPage);

    await openMenuPage(doctorPage, 'Doctor', 'Tracking Medication');
    const page = main(doctorPage);
    await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText('Tracking Medication');
    await page.getByLabel('Patient').selectOption({ label: 'Noor Haddad' });
    await expect(doctorPage).toHaveURL(new RegExp(`patient=${patient.id}`));
    const table = page.getByRole('table', { name: 'Daily Medications' });
    await expect(table.getByRole('columnheader').first()).toHaveText('Name');
    await expect(table.getByRole('columnheader')).toContainText(['Dosage', 'Frequency']);

    const metformin = table.getByRole('row', { name: /Metformin/ });
    await expect(metformin).toContainText('500 mg');
    await expect(metformin).toContainText('Day');
    await expect(metformin.getByRole('cell').nth(2)).toHaveText('Taken');
    await expect(metformin).toContainText('2 of 4 doses');
    await expect(metformin).toContainText('50%');
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const label = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
    await expect(metformin.getByRole('img', { name: `${label(today)}: taken` })).toBeVisible();
    await expect(
      metformin.getByRole('img', { name: `${label(isoDay(-1))}: not taken` }),
    ).toBeVisible();
    await expect(
      metformin.getByRole('img', { name: `${label(isoDay(-5))}: not due` }),
    ).toBeVisible();

    const atorvastatin = table.getByRole('row', { name: /Atorvastatin/ });
    await expect(atorvastatin.getByRole('cell').nth(2)).toHaveText('Not yet');
    await expect(atorvastatin).toContainText('0 of 1 dose');
    await expectAccessible(doctorPage);
  });

  test('the patient sees the doctor’s look in the access log', async () => {
    await visitOn(patientPage, '/patient/doctors');
    await expect(
      main(patientPage).getByText(`${doctorName()} viewed your medications and doses`).first(),
    ).toBeVisible();
  });

  test('once the patient stops sharing, the doctor can no longer see them', async () => {
    const page = main(patientPage);
    await page.getByRole('button', { name: `Stop sharing with ${doctorName()}` }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Stop sharing?' });
    await expect(dialog).toContainText(`${doctorName()} will no longer see your medications`);
    await patientPage.waitForTimeout(300);
    await expectAccessible(patientPage);
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`You no longer share your medications with ${doctorName()}.`),
    ).toBeVisible();

    await doctorPage.reload();
    await expect(main(doctorPage).getByRole('alert')).toContainText(
      'This patient no longer shares their medications with you',
    );
    await expect(main(doctorPage).getByText(NO_PATIENTS)).toBeVisible();
    await expect(main(doctorPage).getByRole('table')).toHaveCount(0);
    await expectAccessible(doctorPage);
    await openMenuPage(doctorPage, 'Doctor', 'Dashboard');
    await expect(main(doctorPage).getByText(NO_PATIENTS)).toBeVisible();
  });
});
