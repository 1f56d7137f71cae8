import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';

const main = (page: Page) => page.getByRole('main');

test.describe.serial('appointments: the slot race, rescheduling and cancelling', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let rival: ApiAccount;
  let doctor: ApiAccount;
  const lastname = `Achebe${Date.now().toString(36)}`;
  const doctorName = `Dr. Tomas ${lastname}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Tomas', lastname },
      patient: { firstname: 'Lena', lastname: 'Kowalski' },
      doctorProfile: {
        specialty: 'Cardiology',
        location: 'Kastanienallee 4, Berlin',
        consultationfee: 80,
      },
    }));
    rival = await createAccountViaApi(patientPage.request, 'patient', {
      firstname: 'Omar',
      lastname: 'Farouk',
    });
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('a slot taken while the patient was choosing is said in words, with fresh slots', async () => {
    await visitOn(patientPage, '/patient/book-an-appointment');
    await main(patientPage).getByRole('searchbox', { name: 'Specialty' }).fill('Cardiology');
    await main(patientPage).getByRole('searchbox', { name: 'Doctor’s name' }).fill(lastname);
    const card = main(patientPage).getByRole('listitem').filter({ hasText: doctorName });
    await card.getByRole('button', { name: `Book Appointment with ${doctorName}` }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Book an appointment in person' });
    // A week ahead, so the visit cannot begin (and so no longer be moved) while the test runs.
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await dialog
      .getByText(/\d{1,2}:00 [AP]M$/)
      .first()
      .click();
    const start = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
    expect(start).not.toBeNull();

    // Another patient books the same time first.
    const other = await apiAs(patientPage.request, rival);
    const taken = await other.post('/appointments', {
      doctorId: doctor.id,
      start,
      type: 'in_person',
      purpose: 'Check-up',
    });
    expect(taken.status(), await taken.text()).toBe(201);

    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByLabel('Purpose of the visit').fill('Palpitations at night');
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(dialog.getByRole('alert')).toContainText('that time was just taken');
    await expect(dialog.locator(`input[value="${start}"]`)).toHaveCount(0);
    await expectAccessible(patientPage);

    await dialog
      .getByText(/\d{1,2}:00 [AP]M$/)
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByLabel('Purpose of the visit').fill('Palpitations at night');
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status')).toContainText('is requested');
  });

  test('the patient moves the visit to another time', async () => {
    await visitOn(patientPage, '/patient');
    const tab = main(patientPage).getByRole('tabpanel', { name: 'Appointment' });
    const card = tab.getByRole('listitem').filter({ hasText: doctorName });
    await card.getByRole('button', { name: /^Reschedule / }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Reschedule this visit' });
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await dialog
      .getByText(/\d{1,2}:00 [AP]M$/)
      .first()
      .click();
    await expectAccessible(patientPage);
    await dialog.getByRole('button', { name: 'Move the visit' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status').first()).toContainText('is moved to');
    await expect(card.getByText('Requested')).toBeVisible();
  });

  test('the patient cancels with a reason, and the doctor reads it', async () => {
    const tab = main(patientPage).getByRole('tabpanel', { name: 'Appointment' });
    const card = tab.getByRole('listitem').filter({ hasText: doctorName });
    await card.getByRole('button', { name: /^Cancel / }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Cancel this visit?' });
    await dialog.getByRole('button', { name: 'Cancel visit' }).click();
    await expect(dialog.getByText('Say why the visit is cancelled.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('I am travelling that week');
    await expectAccessible(patientPage);
    await dialog.getByRole('button', { name: 'Cancel visit' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status').first()).toContainText('is cancelled');

    await signIn(doctorPage, doctor);
    await visitOn(doctorPage, '/doctor/appointments');
    const cancelled = main(doctorPage).getByRole('listitem').filter({ hasText: 'Lena Kowalski' });
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      cancelled.getByText('Cancelled by the patient: I am travelling that week'),
    ).toBeVisible();
  });
});
