import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';
import {
  canvasHasInk,
  chooseFile,
  drawnPng,
  oversizedPng,
  pdfSaying,
  pdfWithScript,
  uploadReport,
} from '../support/reports.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { waitForQuiet } from '../support/quiet.ts';

const HINT = 'Allowed JPG, GIF or PNG up to 2 MB, or PDF up to 10 MB';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });
const filePicker = (page: Page) => main(page).getByRole('button', { name: 'File', exact: true });
const reportRow = (page: Page, title: string) =>
  main(page).getByRole('row', { name: new RegExp(title) });

async function openMenuPage(page: Page, role: 'Patient' | 'Doctor', name: string) {
  await menu(page, role).getByRole('link', { name, exact: true }).click();
  await expect(menu(page, role).getByRole('link', { name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await waitForQuiet(page);
}

/** Counts uploads the page sends, to prove a refused file never left the browser. */
function countUploads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/reports')
      count += 1;
  });
  return () => count;
}

test.describe.serial('medical reports: upload, view, share with the doctor, access log', () => {
  // Several steps take screenshots at three widths, each checked with axe.
  test.describe.configure({ timeout: 150_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let strangerPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  let uploads: () => number;
  let pictureUrl = '';
  const lastname = `Lund${Date.now().toString(36)}`;
  const doctorName = `Dr. Henrik ${lastname}`;
  const patientName = 'Amara Osei';

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Henrik', lastname },
      patient: { firstname: 'Amara', lastname: 'Osei' },
      linked: true,
    }));
    strangerPage = await openSharedPage(browser);
    const stranger = await createAccountViaApi(strangerPage.request, 'doctor', {
      firstname: 'Lena',
      lastname: `Berg${Date.now().toString(36)}`,
    });
    uploads = countUploads(patientPage);
    await signIn(patientPage, patient);
    await signIn(doctorPage, doctor);
    await signIn(strangerPage, stranger);
  });
  test.afterAll(() => closePages(patientPage, doctorPage, strangerPage));

  test('the page states the limits and refuses a wrong or oversized file before sending it', async () => {
    await openMenuPage(patientPage, 'Patient', 'Medical Report');
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Medical Report');
    const page = main(patientPage);
    await expect(page.getByText(HINT, { exact: true })).toBeVisible();
    await expect(page.getByText('No reports yet')).toBeVisible();
    await expectAccessible(patientPage);

    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect(page.getByText('Give the report a title.')).toBeVisible();
    await expect(page.getByText('Choose the file of the report.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Title' }).fill('Holiday notes');
    // Text named like a picture: judged by its first bytes, not its name.
    await chooseFile(patientPage, filePicker(patientPage), {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect(
      page.getByText(/^That file is not a JPEG, PNG or GIF picture or a PDF/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect(
      page.getByText(/^That file is not a JPEG, PNG or GIF picture or a PDF/),
    ).toBeVisible();

    await chooseFile(patientPage, filePicker(patientPage), {
      name: 'scan.png',
      mimeType: 'image/png',
      buffer: oversizedPng(2.1 * 1024 * 1024),
    });
    await expect(
      page.getByText('That picture is 2.1 MB; a picture can be up to 2 MB. Choose a smaller one.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect(filePicker(patientPage)).toBeFocused();
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-medical-report-refused');
    expect(uploads()).toBe(0);
  });

  test('the server’s refusal is shown in its words, and a stopped upload saves nothing', async () => {
    const page = main(patientPage);
    await page.getByRole('textbox', { name: 'Title' }).fill('Discharge letter');
    await chooseFile(patientPage, filePicker(patientPage), {
      name: 'discharge.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithScript(),
    });
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect(
      page.getByText(/^This PDF contains scripts, embedded files or other active content/),
    ).toBeVisible();
    expect(uploads()).toBe(1);

    // The upload is held on its way, so it can be stopped while the bar shows.
    let held: Route | null = null;
    await patientPage.route('**/api/v1/reports', async (route) => {
      held = route;
    });
    await chooseFile(patientPage, filePicker(patientPage), {
      name: 'discharge.pdf',
      mimeType: 'application/pdf',
      buffer: pdfSaying('Discharged in good health'),
    });
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect.poll(() => held !== null).toBe(true);
    await page.getByRole('button', { name: 'Stop upload' }).click();
    await expect(page.getByText('The upload was stopped. Nothing was saved.')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // The browser gave the request up; the held route gives it up too, so it never reaches Tend.
    await held!.abort();
    await patientPage.unrouteAll();
    await patientPage.reload();
    await expect(main(patientPage).getByText('No reports yet')).toBeVisible();
  });

  test('the patient uploads a PNG and a PDF and views both inside the page', async () => {
    await uploadReport(patientPage, 'Rash photo', {
      name: 'rash.png',
      mimeType: 'image/png',
      buffer: await drawnPng(patientPage),
    });
    await uploadReport(patientPage, 'Blood test March', {
      name: 'blood-test.pdf',
      mimeType: 'application/pdf',
      buffer: pdfSaying('Haemoglobin 13.5 g/dL'),
    });
    const rows = main(patientPage).getByRole('row');
    // The header, then newest first.
    await expect(rows.nth(1)).toContainText('Blood test March');
    await expect(reportRow(patientPage, 'Blood test March')).toContainText('PDF document');
    await expect(reportRow(patientPage, 'Rash photo')).toContainText('PNG picture');
    await expect(reportRow(patientPage, 'Rash photo').getByRole('cell').nth(1)).toContainText(
      'You',
    );
    await shootAll(patientPage, 'patient-medical-report');

    const download = patientPage.waitForEvent('download');
    await main(patientPage).getByRole('button', { name: 'Download Blood test March' }).click();
    expect((await download).suggestedFilename()).toBe('blood-test.pdf');

    await main(patientPage).getByRole('link', { name: 'View Record Rash photo' }).click();
    await expect(patientPage).toHaveURL(/\/patient\/medical-report\/[^/]+$/);
    pictureUrl = new URL(patientPage.url()).pathname;
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Rash photo');
    const picture = main(patientPage).getByRole('img', { name: 'Rash photo' });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    await main(patientPage).getByRole('button', { name: 'Zoom in on the picture' }).click();
    await expect(main(patientPage).getByText('150%')).toBeVisible();
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-report-picture');

    await main(patientPage).getByRole('link', { name: 'Back to the reports' }).click();
    await main(patientPage).getByRole('link', { name: 'View Record Blood test March' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Blood test March');
    const page1 = main(patientPage).getByRole('img', { name: 'Page 1 of 1 of Blood test March' });
    await expect(page1).toBeVisible();
    await expect.poll(() => canvasHasInk(page1)).toBe(true);
    // The page's words, for screen readers and copying (the canvas is a picture).
    await main(patientPage).getByText('Text of this page').click();
    await expect(main(patientPage).getByText('Haemoglobin 13.5 g/dL')).toBeVisible();
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-report-pdf');
  });

  test('the linked doctor sees and views them, and uploads a lab result to the patient', async () => {
    await openMenuPage(doctorPage, 'Doctor', 'Medical Report');
    // Without choosing anyone: the newest reports of all the doctor's patients, each with its patient.
    const newest = main(doctorPage).getByRole('region', {
      name: 'Newest reports of your patients',
    });
    await expect(
      newest
        .getByRole('row', { name: /Rash photo/ })
        .getByRole('cell')
        .first(),
    ).toHaveText(patientName);
    await expect(
      newest
        .getByRole('row', { name: /Rash photo/ })
        .getByRole('link', { name: 'View Record Rash photo' }),
    ).toBeVisible();
    await expectAccessible(doctorPage);
    await shootAll(doctorPage, 'doctor-medical-report-all');
    await main(doctorPage)
      .getByLabel('Patient', { exact: true })
      .selectOption({ label: patientName });
    await expect(reportRow(doctorPage, 'Rash photo').getByRole('cell').nth(1)).toContainText(
      patientName,
    );
    // Only the patient, or the doctor who uploaded it, may delete a report.
    await expect(
      reportRow(doctorPage, 'Rash photo').getByRole('button', { name: /^Delete/ }),
    ).toHaveCount(0);
    await expectAccessible(doctorPage);

    await main(doctorPage).getByRole('link', { name: 'View Record Rash photo' }).click();
    await expect(main(doctorPage).getByRole('img', { name: 'Rash photo' })).toBeVisible();
    await expectAccessible(doctorPage);
    await main(doctorPage).getByRole('link', { name: 'Back to the reports' }).click();
    await main(doctorPage).getByRole('link', { name: 'View Record Blood test March' }).click();
    const page1 = main(doctorPage).getByRole('img', { name: 'Page 1 of 1 of Blood test March' });
    await expect.poll(() => canvasHasInk(page1)).toBe(true);
    await main(doctorPage).getByRole('link', { name: 'Back to the reports' }).click();

    await expect(
      main(doctorPage).getByRole('heading', { name: `Upload a report for ${patientName}` }),
    ).toBeVisible();
    await uploadReport(doctorPage, 'Lipid panel', {
      name: 'lipid-panel.pdf',
      mimeType: 'application/pdf',
      buffer: pdfSaying('LDL 2.1 mmol/L'),
    });
    await expect(reportRow(doctorPage, 'Lipid panel').getByRole('cell').nth(1)).toContainText(
      'You',
    );
    await expect(
      reportRow(doctorPage, 'Lipid panel').getByRole('button', { name: 'Delete Lipid panel' }),
    ).toBeVisible();
    await shootAll(doctorPage, 'doctor-medical-report');
  });

  test('the patient sees who uploaded it, on the page and the dashboard, and the doctor’s views in the access log', async () => {
    await visitOn(patientPage, '/patient/medical-report');
    await expect(reportRow(patientPage, 'Lipid panel').getByRole('cell').nth(1)).toContainText(
      doctorName,
    );

    await visitOn(patientPage, '/patient');
    await main(patientPage).getByRole('tab', { name: 'Medical Records' }).click();
    const tab = main(patientPage).getByRole('tabpanel', { name: 'Medical Records' });
    await expect(tab.getByRole('link', { name: 'Lipid panel' })).toBeVisible();
    await expect(tab.getByText(`uploaded by ${doctorName}`)).toBeVisible();
    await expectAccessible(patientPage);
    await shootAll(patientPage, 'patient-dashboard-records');
    await tab.getByRole('link', { name: 'Lipid panel' }).click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Lipid panel');

    await visitOn(patientPage, '/patient/doctors');
    // The access log, newest first: the doctor's two views and the list they opened.
    const log = main(patientPage).locator('ol > li');
    await expect(
      log.filter({ hasText: `${doctorName} opened one of your medical reports` }),
    ).toHaveCount(2);
    await expect(
      log.filter({ hasText: `${doctorName} looked at the list of your medical reports` }).first(),
    ).toBeVisible();
  });

  test('a doctor the patient does not share with cannot reach the reports by URL', async () => {
    await visitOn(strangerPage, pictureUrl.replace('/patient/', '/doctor/'));
    await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText('Report not found');
    await expect(main(strangerPage).getByText("We can't find that report")).toBeVisible();
    await expect(main(strangerPage).getByRole('img')).toHaveCount(0);
    await shootAll(strangerPage, 'doctor-report-not-found');

    await visitOn(strangerPage, `/doctor/medical-report?patient=${encodeURIComponent(patient.id)}`);
    await expect(main(strangerPage).getByText('We could not load the reports')).toBeVisible();
    await expect(main(strangerPage).getByText('Rash photo')).toHaveCount(0);
  });

  test('the patient deletes a report after confirming, and it is gone for the doctor too', async () => {
    await visitOn(patientPage, '/patient/medical-report');
    await main(patientPage).getByRole('button', { name: 'Delete Rash photo' }).click();
    const dialog = patientPage.getByRole('dialog', { name: 'Delete this report?' });
    await expect(dialog).toContainText('Are you sure you want to delete “Rash photo”?');
    await dialog.getByRole('button', { name: "Yes I'm sure" }).click();
    await expect(dialog).toBeHidden();
    await expect(main(patientPage).getByText('“Rash photo” was deleted.')).toBeVisible();
    await expect(reportRow(patientPage, 'Rash photo')).toHaveCount(0);

    await visitOn(doctorPage, pictureUrl.replace('/patient/', '/doctor/'));
    await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText('Report not found');
  });
});
