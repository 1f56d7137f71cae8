import type { Page } from '@playwright/test';
import { formatUsDate } from '@tend/shared';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs, pdfText } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { prescribeViaApi, VALID_UNTIL } from '../support/prescriptions.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Patient menu' });

test.describe.serial('a patient’s prescriptions: listed, cancelled, printed', () => {
  test.describe.configure({ timeout: 120_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  const lastname = `Okafor${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ngozi', lastname },
      patient: { firstname: 'Tomás', lastname: 'Reyes' },
      linked: true,
    }));
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the menu leads to the page, which says when there are none yet', async () => {
    await menu(patientPage).getByRole('link', { name: 'Prescriptions', exact: true }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Prescriptions');
    await expect(main(patientPage).getByText('No prescriptions yet')).toBeVisible();
    await waitForQuiet(patientPage);
    await expectAccessible(patientPage);
  });

  test('lists what the doctor wrote, newest first, with a cancelled one saying why', async () => {
    const first = await prescribeViaApi(doctorPage, doctor, patient, 'Metformin');
    const api = await apiAs(doctorPage.request, doctor);
    const cancelled = await api.post(`/prescriptions/${first._id}/cancel`, {
      reason: 'Replaced by the slow-release form.',
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const second = await prescribeViaApi(doctorPage, doctor, patient, 'Metformin XR');

    await patientPage.reload();
    const cards = main(patientPage).getByRole('article');
    await expect(cards).toHaveCount(2);
    const newest = cards.first();
    await expect(newest.getByRole('heading')).toHaveText('Metformin XR 500 mg, tablet');
    await expect(newest).toContainText('Active');
    await expect(newest).toContainText(second.code);
    await expect(newest).toContainText('1 × tablet, morning and night');
    await expect(newest).toContainText(formatUsDate(VALID_UNTIL));
    await expect(newest).toContainText(`Dr. Ngozi ${lastname}`);
    // The note is for the pharmacist.
    await expect(main(patientPage)).not.toContainText('Kidney');
    await expect(cards.nth(1)).toContainText('Cancelled');
    await expect(cards.nth(1)).toContainText('Replaced by the slow-release form.');
    await shootAll(patientPage, 'patient-prescriptions');
  });

  test('Download PDF saves the prescription with its code', async () => {
    const newest = main(patientPage).getByRole('article').first();
    const code =
      (await newest.getByText(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{3}$/).textContent()) ?? '';
    const downloading = patientPage.waitForEvent('download');
    await newest.getByRole('button', { name: /^Download PDF/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`prescription-${code}.pdf`);
    const text = await pdfText(download, 'patient-prescription-pdf');
    expect(text).toContain(code);
    expect(text).toContain('Metformin XR 500 mg, tablet');
    expect(text).toContain('Tomás Reyes');
  });
});
