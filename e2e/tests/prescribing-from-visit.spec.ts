import { fillDate } from '../support/date-fields.ts';
import type { Locator, Page } from '@playwright/test';
import { addDays } from '@tend/shared';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi } from '../support/api-accounts.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';
import {
  FAKE_MEDIA_LAUNCH,
  MORNING_ZONE,
  TEN_MINUTE_SLOTS,
  bookVisitStartingSoon,
  openCallPage,
} from '../support/visit.ts';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const main = (page: Page) => page.getByRole('main');
const prescriptionsSection = (page: Page) =>
  main(page).getByRole('region', { name: 'Prescriptions' });
const VALID_UNTIL = addDays(new Date().toISOString().slice(0, 10), 30);
const patientName = 'Lena Okafor';

/** The form's required fields, for one medication (the full form is tested in prescribing.spec). */
async function writePrescription(page: Page, medication: string) {
  const form = prescriptionsSection(page).getByRole('form', {
    name: `New prescription for ${patientName}`,
  });
  // Arrived to prescribe: the form is open already, where it starts.
  await expect(form.getByRole('textbox', { name: 'Medication', exact: true })).toBeFocused();
  await waitForQuiet(page);
  await expectAccessible(page);
  await fill(form, medication);
  await form.getByRole('button', { name: 'Write prescription' }).click();
  await expect(prescriptionsSection(page).getByRole('status')).toContainText(
    `Prescription written: ${medication} 10 mg, tablet, code`,
  );
}

async function fill(form: Locator, medication: string) {
  await form.getByRole('textbox', { name: 'Medication', exact: true }).fill(medication);
  await form.getByLabel('Strength').fill('10 mg');
  await form.getByRole('textbox', { name: 'Form', exact: true }).fill('tablet');
  await form.getByLabel('Dose amount').fill('1');
  await form.getByLabel('Dose unit').fill('tablet');
  await form.getByRole('checkbox', { name: 'Day' }).check();
  await form.getByLabel('Quantity').fill('30');
  await form.getByLabel('Refills').fill('0');
  await fillDate(form.getByLabel('Valid until'), VALID_UNTIL);
  await form.getByLabel('Instructions for the patient').fill('One tablet each morning.');
}

async function patientSees(patientPage: Page, title: string) {
  await visitOn(patientPage, '/patient/prescriptions');
  await expect(main(patientPage).getByRole('article', { name: title })).toContainText('Active');
}

test.describe.serial('a doctor prescribes from an appointment and from the video visit', () => {
  test.describe.configure({ timeout: 300_000 });
  let patientPage: Page;
  let doctorPage: Page;
  const lastname = `Mensah${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    const two = await openPatientAndDoctor(browser, {
      patient: { firstname: 'Lena', lastname: 'Okafor', timezone: MORNING_ZONE },
      doctor: { firstname: 'Kofi', lastname, timezone: MORNING_ZONE },
      doctorProfile: { specialty: 'General practice', location: 'Accra', consultationfee: 40 },
      hours: TEN_MINUTE_SLOTS,
      openPage: openCallPage,
      linked: true,
    });
    ({ patientPage, doctorPage } = two);
    await bookVisitStartingSoon(patientPage.request, two.patient, two.doctor);
    await signIn(patientPage, two.patient);
    await signIn(doctorPage, two.doctor);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('Prescribe on the accepted appointment opens the form for its patient', async () => {
    await visitOn(doctorPage, '/doctor/appointments');
    const card = main(doctorPage)
      .getByRole('list', { name: 'Upcoming appointments' })
      .getByRole('listitem')
      .filter({ hasText: patientName });
    const prescribe = card.getByRole('link', { name: new RegExp(`^Prescribe ${patientName}, `) });
    await shootAll(doctorPage, 'doctor-appointments-prescribe', { ready: prescribe });
    await expect(prescribe).toHaveAttribute(
      'href',
      /\/doctor\/tracking-medication\?patient=.+&prescribe=1$/,
    );
    await prescribe.click();
    // The form opens, and the request to open it leaves the address: a reload would not reopen it.
    await expect(doctorPage).toHaveURL(/\/doctor\/tracking-medication\?patient=[^&]+$/);
    await writePrescription(doctorPage, 'Lisinopril');
    await patientSees(patientPage, 'Lisinopril 10 mg, tablet');
  });

  test('in the video visit, Prescribe opens the form in a new tab; the call stays', async () => {
    await visitOn(doctorPage, '/doctor');
    await main(doctorPage)
      .getByRole('table', { name: 'Today' })
      .getByRole('row', { name: new RegExp(patientName) })
      .getByRole('button', { name: new RegExp(`^Join visit with ${patientName}, `) })
      .click();
    await expect(doctorPage).toHaveURL(/\/visit\//);
    const link = main(doctorPage).getByRole('link', {
      name: `Prescribe for ${patientName} (opens in a new tab)`,
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute(
      'href',
      /\/doctor\/tracking-medication\?patient=.+&prescribe=1$/,
    );
    await waitForQuiet(doctorPage);
    await expectAccessible(doctorPage);
    await shootAll(doctorPage, 'visit-prescribe-link', { ready: link });

    const [tab] = await Promise.all([doctorPage.context().waitForEvent('page'), link.click()]);
    await expect(tab).toHaveURL(/\/doctor\/tracking-medication\?patient=[^&]+$/);
    await writePrescription(tab, 'Amlodipine');
    await shootAll(tab, 'doctor-prescribed-from-visit');
    await tab.close();
    // The visit's page was not left.
    await expect(doctorPage).toHaveURL(/\/visit\//);
    await patientSees(patientPage, 'Amlodipine 10 mg, tablet');
  });

  test('the patient’s side of the visit offers no Prescribe', async () => {
    await visitOn(patientPage, '/patient');
    await main(patientPage)
      .getByRole('button', { name: /^Join visit with / })
      .first()
      .click();
    await expect(patientPage).toHaveURL(/\/visit\//);
    await expect(main(patientPage).getByRole('heading', { level: 1 })).toHaveText(
      `Video visit with Dr. Kofi ${lastname}`,
    );
    await expect(main(patientPage).getByRole('link', { name: /^Prescribe/ })).toHaveCount(0);
  });

  test('for a patient who does not share with the doctor, no form: the refusal in words', async () => {
    const stranger = await createAccountViaApi(doctorPage.request, 'patient', {
      firstname: 'Noor',
      lastname: 'Haddad',
    });
    await doctorPage.goto(`/doctor/tracking-medication?patient=${stranger.id}&prescribe=1`);
    await expect(main(doctorPage).getByRole('alert')).toContainText(
      'no longer shares their medications with you',
    );
    await expect(main(doctorPage).getByRole('form')).toHaveCount(0);
    await expect(main(doctorPage).getByRole('region', { name: 'Prescriptions' })).toHaveCount(0);
    await waitForQuiet(doctorPage);
    await expectAccessible(doctorPage);
    await shootAll(doctorPage, 'doctor-prescribe-not-shared');
  });
});
