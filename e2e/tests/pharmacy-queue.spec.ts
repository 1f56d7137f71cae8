import type { Locator, Page } from '@playwright/test';
import type { Prescription } from '@tend/shared';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { prescribeViaApi } from '../support/prescriptions.ts';
import { createPharmacyViaApi, pharmacyApi, type PharmacyAccount } from '../support/pharmacy.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 20: a doctor prescribes (API), the patient sends it to a pharmacy (UI), the pharmacy
// prepares, readies and dispenses it (UI), the patient is told and finds the medication on today's
// checklist, asks for a refill, and the pharmacy sees it in its queue. Then the end of the refills:
// a renewal the doctor approves.

const main = (page: Page) => page.getByRole('main');
const unique = Date.now().toString(36);
const PHARMACY_NAME = `Botica Quintal ${unique}`;

/** The card of one prescription, by its title (medication, strength, form). */
const card = (page: Page, medication: string): Locator =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `${medication} 500 mg, tablet` }) });

test.describe.serial('a prescription from the doctor through the pharmacy to the patient', () => {
  // Three people, three widths of screenshots with an axe check each: slow on two shared cores.
  test.describe.configure({ timeout: 240_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let pharmacyPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  let pharmacy: PharmacyAccount;
  const lastname = `Adeyemi${unique}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Kemi', lastname },
      patient: { firstname: 'Rosa', lastname: `Lindqvist${unique}` },
      linked: true,
    }));
    pharmacyPage = await openSharedPage(browser);
    pharmacy = await createPharmacyViaApi(pharmacyPage.request, PHARMACY_NAME);
    await prescribeViaApi(doctorPage, doctor, patient, 'Amoxicillin', 1);
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage, pharmacyPage));

  /** The doctor prescribes, with no refills, and the patient sends it to the pharmacy (API). */
  async function prescribedAndSent(name: string): Promise<Prescription> {
    const prescription = await prescribeViaApi(doctorPage, doctor, patient, name, 0);
    const asPatient = await apiAs(patientPage.request, patient);
    const sent = await asPatient.post(`/prescriptions/${prescription._id}/send`, {
      pharmacyId: pharmacy.id,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    return prescription;
  }

  test('the patient sends it to a pharmacy found in the directory', async () => {
    await visitOn(patientPage, '/patient/prescriptions');
    const rx = card(patientPage, 'Amoxicillin');
    await expect(rx).toContainText('Not sent to a pharmacy yet');
    await rx.getByRole('button', { name: /^Send to pharmacy/ }).click();

    const dialog = patientPage.getByRole('dialog', { name: 'Send to a pharmacy' });
    await dialog.getByRole('searchbox', { name: 'Pharmacy name' }).fill(`Botica Quintal ${unique}`);
    const send = dialog.getByRole('button', { name: `Send here: ${PHARMACY_NAME}` });
    await expect(send).toBeVisible();
    await expectAccessible(patientPage);
    await send.click();

    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByRole('status')).toHaveText(
      `Amoxicillin 500 mg, tablet is sent to ${PHARMACY_NAME}. The pharmacy is notified.`,
    );
    await expect(rx).toContainText('First fill: Waiting for the pharmacy');
    await expect(rx).toContainText(PHARMACY_NAME);
    // Nothing is being prepared yet: it may still go elsewhere.
    await expect(rx.getByRole('button', { name: /^Move to another pharmacy/ })).toBeVisible();
    await expectAccessible(patientPage);
  });

  test('the pharmacy finds it in today’s queue and moves it on, step by step', async () => {
    await signIn(pharmacyPage, pharmacy);
    const queue = main(pharmacyPage).getByRole('region', { name: 'Today’s queue' });
    const rx = queue.getByRole('article', { name: /^Amoxicillin 500 mg, tablet for Rosa/ });
    await expect(rx).toContainText('Waiting for the pharmacy');
    await expect(rx).toContainText(`Rosa Lindqvist${unique}`);
    await expect(rx).toContainText('1 × tablet, morning and night');
    await expect(rx).toContainText('60 × tablet');
    await expect(rx).toContainText('First fill: Waiting for the pharmacy');
    await expect(rx).toContainText('Kidney function checked in February.');
    await shootAll(pharmacyPage, 'pharmacy-queue');

    await rx.getByRole('button', { name: /^Start preparing/ }).click();
    await expect(main(pharmacyPage).getByRole('status')).toContainText('is being prepared');
    await expect(rx).toContainText('First fill: Being prepared');
    await rx.getByRole('button', { name: /^Ready for pickup/ }).click();
    await expect(rx).toContainText('First fill: Ready for pickup');

    // The patient sees each step, and may no longer move it.
    await patientPage.reload();
    const mine = card(patientPage, 'Amoxicillin');
    await expect(mine).toContainText('First fill: Ready for pickup');
    await expect(mine.getByRole('button', { name: /^Move to another pharmacy/ })).toHaveCount(0);

    await pharmacyPage
      .getByRole('navigation', { name: 'Pharmacy menu' })
      .getByRole('link', { name: 'Prescriptions', exact: true })
      .click();
    await expect(pharmacyPage.getByRole('heading', { level: 1 })).toHaveText('Prescriptions');
    const listed = main(pharmacyPage).getByRole('article', { name: /^Amoxicillin/ });
    await expect(listed).toContainText('First fill: Ready for pickup');
    await shootAll(pharmacyPage, 'pharmacy-prescriptions');
    await listed.getByRole('button', { name: /^Dispensed/ }).click();
    await expect(main(pharmacyPage).getByRole('status')).toContainText(
      'is dispensed. The patient is notified.',
    );
    await expect(listed).toContainText('First fill: Dispensed');
    await expect(listed.getByRole('button')).toHaveCount(0);
  });

  test('the patient is told, finds it on today’s checklist, and asks for a refill', async () => {
    await visitOn(patientPage, '/patient/notifications');
    await expect(main(patientPage)).toContainText(
      `${PHARMACY_NAME} handed over your Amoxicillin (First fill)`,
    );
    await visitOn(patientPage, '/patient/daily-medication');
    await expect(main(patientPage)).toContainText('Amoxicillin');

    await visitOn(patientPage, '/patient/prescriptions');
    const rx = card(patientPage, 'Amoxicillin');
    await expect(rx).toContainText('First fill: Dispensed');
    await rx.getByRole('button', { name: /^Request a refill/ }).click();
    await expect(main(patientPage).getByRole('status')).toContainText(
      'A refill of Amoxicillin 500 mg, tablet is requested from',
    );
    await expect(rx).toContainText('Refill 1 of 1: Waiting for the pharmacy');
    await expect(rx.getByRole('button', { name: /^Request a refill/ })).toHaveCount(0);
    await expectAccessible(patientPage);
  });

  test('the pharmacy sees the refill in its queue, and its notice opens that prescription', async () => {
    await visitOn(pharmacyPage, '/pharmacy');
    const queue = main(pharmacyPage).getByRole('region', { name: 'Today’s queue' });
    const rx = queue.getByRole('article', { name: /^Amoxicillin/ });
    await expect(rx).toContainText('Refill 1 of 1: Waiting for the pharmacy');
    await expect(rx.getByRole('button', { name: /^Start preparing/ })).toBeVisible();

    await visitOn(pharmacyPage, '/pharmacy/notifications');
    const notice = main(pharmacyPage)
      .getByRole('listitem')
      .filter({ hasText: 'A patient asked you for a refill of Amoxicillin (Refill 1 of 1).' });
    await notice.getByRole('link', { name: 'Refill requested' }).click();
    await expect(pharmacyPage).toHaveURL(/\/pharmacy\/prescriptions\/[^/]+$/);
    const opened = main(pharmacyPage).getByRole('article', { name: /^Amoxicillin/ });
    await expect(opened).toContainText('Refill 1 of 1: Waiting for the pharmacy');
    await waitForQuiet(pharmacyPage);
    await expectAccessible(pharmacyPage);
  });

  test('a refusal needs a reason in words, and the patient may send it elsewhere', async () => {
    await prescribedAndSent('Ibuprofen');

    await visitOn(pharmacyPage, '/pharmacy/prescriptions');
    const rx = main(pharmacyPage).getByRole('article', { name: /^Ibuprofen/ });
    await rx.getByRole('button', { name: /^Refuse/ }).click();
    const dialog = pharmacyPage.getByRole('dialog', { name: 'Refuse this fill?' });
    await dialog.getByRole('button', { name: 'Refuse fill' }).click();
    await expect(dialog).toContainText('Say why it is refused.');
    await expectAccessible(pharmacyPage);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Out of stock until next week.');
    await dialog.getByRole('button', { name: 'Refuse fill' }).click();
    await expect(dialog).toBeHidden();
    await expect(rx).toContainText('First fill: Refused by the pharmacy, because: Out of stock');

    await visitOn(patientPage, '/patient/prescriptions');
    const mine = card(patientPage, 'Ibuprofen');
    await expect(mine).toContainText('Refused by the pharmacy, because: Out of stock');
    await expect(mine.getByRole('button', { name: /^Send to another pharmacy/ })).toBeVisible();
  });

  test('at the end of its refills the patient asks the doctor, who approves a renewal', async () => {
    const last = await prescribedAndSent('Lisinopril');
    const asPharmacy = await pharmacyApi(pharmacyPage.request, pharmacy);
    for (const status of ['preparing', 'ready', 'dispensed']) {
      const step = await asPharmacy.post(`/prescriptions/${last._id}/fills/current`, { status });
      expect(step.status(), await step.text()).toBe(200);
    }

    await visitOn(patientPage, '/patient/prescriptions');
    const mine = card(patientPage, 'Lisinopril');
    await expect(mine).toContainText('Completed');
    await mine.getByRole('button', { name: /^Request a refill/ }).click();
    await expect(main(patientPage).getByRole('status')).toContainText(
      `No refills of Lisinopril 500 mg, tablet are left, so Dr. Kemi ${lastname} is asked to renew it.`,
    );
    await expect(mine).toContainText('Asked of the doctor, waiting for an answer');

    await signIn(doctorPage, doctor);
    await visitOn(doctorPage, `/doctor/tracking-medication?patient=${patient.id}`);
    const asked = main(doctorPage)
      .getByRole('article')
      .filter({ has: doctorPage.getByRole('heading', { name: 'Lisinopril 500 mg, tablet' }) });
    await expect(asked.getByRole('button', { name: /^Refuse renewal/ })).toBeVisible();
    await asked.getByRole('button', { name: /^Approve renewal/ }).click();
    await expect(main(doctorPage).getByRole('status')).toContainText(
      'Renewal approved: a new prescription of Lisinopril 500 mg, tablet',
    );
    await waitForQuiet(doctorPage);
    await expectAccessible(doctorPage);

    // The new one is already at the same pharmacy, its first fill asked for.
    await visitOn(pharmacyPage, '/pharmacy');
    const queue = main(pharmacyPage).getByRole('region', { name: 'Today’s queue' });
    await expect(queue.getByRole('article', { name: /^Lisinopril/ })).toContainText(
      'First fill: Waiting for the pharmacy',
    );
  });
});
