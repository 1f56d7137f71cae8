import { expectTime, fillTime } from '../support/date-fields.ts';
import type { Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { pdfText } from '../support/appointments.ts';
import { shootAll } from '../support/screenshots.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });

test.describe.serial('appointments: hours, booking, accepting, payment and receipts', () => {
  // Each step also takes screenshots at three widths, each checked with axe.
  test.describe.configure({ timeout: 150_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  // A name no other spec's doctor has, so the directory search finds exactly this one.
  const lastname = `Moreau${Date.now().toString(36)}`;
  const doctorName = `Dr. Claire ${lastname}`;
  const patientName = 'Yusuf Demir';

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Claire', lastname },
      patient: { firstname: 'Yusuf', lastname: 'Demir' },
      doctorProfile: {
        specialty: 'Dentist',
        location: '12 Rue des Lilas, Lyon',
        yearsofexperience: 9,
        consultationfee: 55,
      },
      // Directory details only: the hours are set through the page below.
      hours: null,
    }));
    await signIn(doctorPage, doctor);
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the doctor sets hours every day, all day, in UTC', async () => {
    await menu(doctorPage, 'Doctor').getByRole('link', { name: 'Availability' }).click();
    await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText('Availability');
    const form = main(doctorPage);
    await form.getByLabel('Time zone').selectOption('UTC');
    await form.getByLabel('Slot length').selectOption('60');
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await form.getByRole('button', { name: `Add hours on ${day}` }).click();
      await fillTime(form, `${day}: from`, '00:00');
      await fillTime(form, `${day}: until`, '23:59');
    }
    // A wrong range is refused in the browser, on its field.
    await fillTime(form, 'Sunday: until', '00:00');
    await form.getByRole('button', { name: 'Save hours' }).click();
    await expect(form.getByText('The end time must be after the start time.')).toBeVisible();
    await expect(form.getByRole('spinbutton', { name: 'Sunday: until: hour' })).toBeFocused();
    await fillTime(form, 'Sunday: until', '23:59');
    await form.getByRole('button', { name: 'Save hours' }).click();
    await expect(form.getByText(/Your hours are saved/)).toBeVisible();
    await expectAccessible(doctorPage);
    await shootAll(doctorPage, 'doctor-availability');
    // What was saved is what the page shows after a reload.
    await visitOn(doctorPage, '/doctor/availability');
    await expectTime(main(doctorPage), 'Monday: until', '23:59');
  });

  test('the patient finds the doctor and books an online consultation', async () => {
    await menu(patientPage, 'Patient').getByRole('link', { name: 'Appointment' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await main(patientPage).getByRole('searchbox', { name: 'Doctor’s name' }).fill(lastname);
    const cards = main(patientPage).getByRole('list', { name: 'Doctors' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading', { name: doctorName })).toBeVisible();
    await expect(card.getByText('Dentist')).toBeVisible();
    await expect(card.getByText('9 years of experience')).toBeVisible();
    await expect(card.getByText('Fee €55.00')).toBeVisible();
    await expect(card.getByRole('link', { name: /Get Direction/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/search\?query=12%20Rue%20des%20Lilas/,
    );
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-book-an-appointment');

    await card.getByRole('button', { name: `Book Online Consultation with ${doctorName}` }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Book an online consultation' });
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByText('Choose one of the free times.')).toBeVisible();
    // A week ahead, so the visit cannot begin (and so no longer be accepted) while the test runs.
    await dialog.getByRole('button', { name: 'Next week' }).click();
    // The chip's radio is drawn by its label (a time such as "9:00 AM"); the label takes the click.
    await dialog
      .getByText(/\d{1,2}:00 [AP]M$/)
      .first()
      .click();
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
    await expectAccessible(patientPage);
    for (const width of [WIDTHS.phone, WIDTHS.desktop]) {
      await patientPage.setViewportSize({ width, height: 900 });
      await patientPage.screenshot({ path: `e2e/screenshots/patient-booking-slots-${width}.png` });
    }
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(dialog.getByText('Say briefly what the visit is for.')).toBeVisible();
    await dialog.getByLabel('Purpose of the visit').fill('Tooth pain on the lower left');
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status')).toContainText(
      `Your online consultation with ${doctorName}`,
    );
  });

  test('the patient sees it requested on the dashboard', async () => {
    await visitOn(patientPage, '/patient');
    const tab = main(patientPage).getByRole('tabpanel', { name: 'Appointment' });
    await expect(tab.getByRole('heading', { name: doctorName })).toBeVisible();
    await expect(tab.getByText('Requested')).toBeVisible();
    await expect(tab.getByText('Tooth pain on the lower left')).toBeVisible();
    await main(patientPage).getByRole('tab', { name: 'Medical Records' }).click();
    // What the tab holds belongs to the reports feature; here it only has to open.
    await expect(
      main(patientPage).getByRole('tabpanel', { name: 'Medical Records' }),
    ).toBeVisible();
    await expectAccessible(patientPage);
  });

  test('the doctor accepts from the dashboard table, and may now follow the patient', async () => {
    await visitOn(doctorPage, '/doctor');
    // The segmented control's radios are drawn by their labels.
    await main(doctorPage).getByText('Upcoming', { exact: true }).first().click();
    await expect(main(doctorPage).getByRole('radio', { name: 'Upcoming' })).toBeChecked();
    const row = main(doctorPage).getByRole('row', { name: new RegExp(patientName) });
    await expect(row.getByText('Online')).toBeVisible();
    await expect(row.getByText('Not paid')).toBeVisible();
    await shootAll(doctorPage, 'doctor-dashboard-appointments');
    await row.getByRole('button', { name: /^View / }).click();
    const details = doctorPage.getByRole('dialog', { name: 'Appointment' });
    await expect(details.getByText(patient.email)).toBeVisible();
    await expectAccessible(doctorPage);
    await details.getByRole('button', { name: 'Close' }).first().click();
    await row.getByRole('button', { name: /^Accept / }).click();
    await expect(main(doctorPage).getByRole('status').first()).toContainText(
      `You accepted the visit with ${patientName}`,
    );
    await expect(row.getByText('Accepted')).toBeVisible();
    // The care link: the patient is now among the doctor's patients.
    await expect(main(doctorPage).getByRole('link', { name: patientName })).toBeVisible();
  });

  test('the patient sees it accepted', async () => {
    await visitOn(patientPage, '/patient');
    const tab = main(patientPage).getByRole('tabpanel', { name: 'Appointment' });
    await expect(tab.getByText('Accepted')).toBeVisible();
  });

  test('the doctor records the payment and downloads the numbered receipt', async () => {
    await menu(doctorPage, 'Doctor').getByRole('link', { name: 'Appointments' }).click();
    const card = main(doctorPage)
      .getByRole('list', { name: 'Upcoming appointments' })
      .getByRole('listitem')
      .filter({ hasText: patientName });
    await expect(card.getByRole('link', { name: patient.email })).toBeVisible();
    await shootAll(doctorPage, 'doctor-appointments');
    await card.getByRole('button', { name: /^Record payment / }).click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Record payment' });
    await expect(dialog.getByLabel('Amount')).toHaveValue('55');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog.getByText('Choose cash, card, insurance or other.')).toBeVisible();
    await dialog.getByLabel('Method').selectOption('card');
    await expectAccessible(doctorPage);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(doctorPage).getByRole('status').first()).toContainText('Payment of €55.00');
    const downloading = doctorPage.waitForEvent('download');
    await card.getByRole('button', { name: /^Receipt / }).click();
    const text = await pdfText(await downloading, 'receipt');
    expect(text).toContain(patientName);
    expect(text).toContain(`Claire ${lastname}`);
    expect(text, 'the receipt has a number').toMatch(/No\.\s+\S*\d/);
    expect(text).toMatch(/€55\.00/);
  });

  test('the patient downloads the same receipt from Billing', async () => {
    await visitOn(patientPage, '/patient');
    await main(patientPage).getByRole('tab', { name: 'Billing' }).click();
    const billing = main(patientPage).getByRole('tabpanel', { name: 'Billing' });
    const row = billing.getByRole('row', { name: new RegExp(doctorName) });
    await expect(row.getByText('€55.00 paid')).toBeVisible();
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-dashboard-billing');
    const downloading = patientPage.waitForEvent('download');
    await row.getByRole('button', { name: /^Receipt / }).click();
    const text = await pdfText(await downloading);
    expect(text).toContain(patientName);
    expect(text).toMatch(/card/i);
  });
});
