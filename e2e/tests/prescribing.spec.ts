import { fillDate, shownDay } from '../support/date-fields.ts';
import type { Locator, Page } from '@playwright/test';
import { addDays, formatUsDate, oneYearAfter, type Prescription } from '@tend/shared';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

const main = (page: Page) => page.getByRole('main');
const prescriptionsSection = (page: Page) =>
  main(page).getByRole('region', { name: 'Prescriptions' });
const today = () => new Date().toISOString().slice(0, 10);
/** A month ahead: inside the year a prescription may run, in any time zone. */
const VALID_UNTIL = addDays(today(), 30);

async function fillForm(form: Locator) {
  await form.getByRole('textbox', { name: 'Medication', exact: true }).fill('Amoxicillin');
  await form.getByLabel('Strength').fill('500 mg');
  await form.getByRole('textbox', { name: 'Form', exact: true }).fill('capsule');
  await form.getByLabel('Dose amount').fill('1');
  await form.getByLabel('Dose unit').fill('capsule');
  await form.getByRole('checkbox', { name: 'Day' }).check();
  await form.getByRole('checkbox', { name: 'Night' }).check();
  await form.getByLabel('Quantity').fill('21');
  await form.getByLabel('Refills').fill('1');
  await fillDate(form.getByLabel('Valid until'), VALID_UNTIL);
  await form
    .getByLabel('Instructions for the patient')
    .fill('One capsule at breakfast and at bedtime.');
  await form.getByLabel('Note for the pharmacist').fill('Penicillin allergy ruled out.');
}

test.describe.serial('a doctor prescribes from the patient’s page, and cancels', () => {
  test.describe.configure({ timeout: 150_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  const lastname = `Adeyemi${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Folake', lastname },
      patient: { firstname: 'Inés', lastname: 'Duarte' },
      linked: true,
    }));
    await signIn(doctorPage, doctor);
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the form checks what is missing and what is out of range, in words', async () => {
    await doctorPage.goto(`/doctor/tracking-medication?patient=${patient.id}`);
    const section = prescriptionsSection(doctorPage);
    await expect(
      section.getByText('You have not prescribed anything for Inés Duarte yet.'),
    ).toBeVisible();
    await waitForQuiet(doctorPage);
    await expectAccessible(doctorPage);

    await section.getByRole('button', { name: 'Prescribe' }).click();
    const form = section.getByRole('form', { name: 'New prescription for Inés Duarte' });
    await expect(form.getByRole('textbox', { name: 'Medication', exact: true })).toBeFocused();
    await form.getByRole('button', { name: 'Write prescription' }).click();
    await expect(form.getByText('Enter the medication’s name.')).toBeVisible();
    await expect(form.getByText('Choose at least one time of day.')).toBeVisible();
    await expect(form.getByText('Enter instructions for the patient.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Medication', exact: true })).toBeFocused();

    // "Valid until" starts a month ahead and follows the course typed, until the doctor sets it:
    // 90 capsules, one twice a day, and two refills last 135 days.
    const validUntil = form.getByLabel('Valid until');
    await expect(validUntil).toHaveValue(shownDay(addDays(today(), 30)));
    await form.getByLabel('Dose amount').fill('1');
    await form.getByRole('checkbox', { name: 'Day' }).check();
    await form.getByRole('checkbox', { name: 'Night' }).check();
    await form.getByLabel('Quantity').fill('90');
    await form.getByLabel('Refills').fill('2');
    await expect(validUntil).toHaveValue(shownDay(addDays(today(), 135)));
    await form.getByRole('checkbox', { name: 'Night' }).uncheck();
    await expect(validUntil).toHaveValue(shownDay(addDays(today(), 270)));

    await fillForm(form);
    await expect(validUntil).toHaveValue(shownDay(VALID_UNTIL));
    const tooLate = addDays(oneYearAfter(today()), 2);
    await fillDate(form.getByLabel('Valid until'), tooLate);
    await form.getByRole('button', { name: 'Write prescription' }).click();
    await expect(form.getByText(/A prescription is valid for at most a year/)).toBeVisible();
    await fillDate(form.getByLabel('Valid until'), VALID_UNTIL);
    await shootAll(doctorPage, 'doctor-prescribe-form');
  });

  test('writing it lists it for the doctor, with the note, and the patient sees it', async () => {
    const section = prescriptionsSection(doctorPage);
    await section.getByRole('button', { name: 'Write prescription' }).click();
    await expect(section.getByRole('status')).toContainText(
      'Prescription written: Amoxicillin 500 mg, capsule, code',
    );
    await expect(section.getByRole('form')).toHaveCount(0);
    const card = section.getByRole('article', { name: 'Amoxicillin 500 mg, capsule' });
    await expect(card).toContainText('Active');
    await expect(card).toContainText('1 × capsule, morning and night');
    await expect(card).toContainText(formatUsDate(VALID_UNTIL));
    await expect(card).toContainText('Pharmacist notePenicillin allergy ruled out.');
    await shootAll(doctorPage, 'doctor-prescriptions-list');

    await patientPage.goto('/patient/prescriptions');
    const mine = main(patientPage).getByRole('article', { name: 'Amoxicillin 500 mg, capsule' });
    await expect(mine).toContainText('Active');
    await expect(mine).toContainText(`Dr. Folake ${lastname}`);
    await expect(mine).toContainText('One capsule at breakfast and at bedtime.');
    await expect(main(patientPage)).not.toContainText('Penicillin');
    await waitForQuiet(patientPage);
    await expectAccessible(patientPage);
  });

  test('cancelling asks why; the patient’s card says cancelled and why', async () => {
    const section = prescriptionsSection(doctorPage);
    await section
      .getByRole('button', { name: 'Cancel prescription of Amoxicillin 500 mg, capsule' })
      .click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Cancel this prescription?' });
    await dialog.getByRole('button', { name: 'Cancel prescription' }).click();
    await expect(dialog.getByText('Enter why the prescription is cancelled.')).toBeVisible();
    await expectAccessible(doctorPage);
    await dialog.getByLabel('Reason').fill('Culture showed a viral infection.');
    await dialog.getByRole('button', { name: 'Cancel prescription' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('status')).toHaveText(
      'The prescription of Amoxicillin 500 mg, capsule is cancelled.',
    );
    const card = section.getByRole('article', { name: 'Amoxicillin 500 mg, capsule' });
    await expect(card).toContainText('Cancelled');
    await expect(card.getByRole('button', { name: /^Cancel prescription/ })).toHaveCount(0);

    await patientPage.reload();
    const mine = main(patientPage).getByRole('article', { name: 'Amoxicillin 500 mg, capsule' });
    await expect(mine).toContainText('Cancelled');
    await expect(mine).toContainText('Culture showed a viral infection.');
    await waitForQuiet(patientPage);
    await expectAccessible(patientPage);
  });

  test('a prescription cancelled elsewhere meanwhile: the 409 is said in words', async () => {
    const api = await apiAs(doctorPage.request, doctor);
    const written = await api.post('/prescriptions', {
      patientId: patient.id,
      medication: { name: 'Ibuprofen', strength: '400 mg', form: 'tablet' },
      dose: { amount: 1, unit: 'tablet', timesofday: ['afternoon'] },
      quantity: 20,
      refills: 0,
      validuntil: VALID_UNTIL,
      instructions: 'With food.',
    });
    expect(written.status(), await written.text()).toBe(201);
    const { _id } = (await written.json()) as Prescription;

    await doctorPage.reload();
    const section = prescriptionsSection(doctorPage);
    await expect(section.getByRole('article')).toHaveCount(2);
    await section
      .getByRole('button', { name: 'Cancel prescription of Ibuprofen 400 mg, tablet' })
      .click();
    const dialog = doctorPage.getByRole('dialog', { name: 'Cancel this prescription?' });
    // Another tab of the doctor's cancels it first.
    const elsewhere = await api.post(`/prescriptions/${_id}/cancel`, { reason: 'Not needed.' });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    await dialog.getByLabel('Reason').fill('Changed my mind.');
    await dialog.getByRole('button', { name: 'Cancel prescription' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This prescription was already cancelled.');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    const card = section.getByRole('article', { name: 'Ibuprofen 400 mg, tablet' });
    await expect(card).toContainText('Cancelled');
    await expect(card).toContainText('Not needed.');
  });
});
