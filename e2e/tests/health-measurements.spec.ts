import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { chooseFile } from '../support/reports.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 21: a patient records weight, height and a high blood pressure; Graph Status shows BMI and
// "Stage 2 hypertension" in words; the Health page charts the readings (with a text alternative),
// imports a CSV (all or nothing) and deletes a reading; the linked doctor sees the same, sets a
// target, and is notified live when the patient records a reading outside it.

const main = (page: Page) => page.getByRole('main');
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const tile = (page: Page, name: string) =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const unique = Date.now().toString(36);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function recordReading(
  page: Page,
  scope: Locator,
  kind: string,
  values: Record<string, string>,
) {
  await scope.getByRole('button', { name: 'Record a reading' }).click();
  const form = scope.getByRole('form', { name: /^Record a reading/ });
  await form.getByRole('combobox', { name: 'What was measured' }).selectOption({ label: kind });
  for (const [label, value] of Object.entries(values)) {
    await form.getByRole('textbox', { name: label }).fill(value);
  }
  await form.getByRole('button', { name: 'Record reading' }).click();
  await expect(scope.getByRole('status').filter({ hasText: /^Recorded:/ })).toContainText(kind);
}

test.describe.serial('health measurements: Graph Status, charts, targets', () => {
  // Two people, three widths of screenshots with an axe check each: slow on two shared cores.
  test.describe.configure({ timeout: 240_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;
  const patientName = `Rosa Lindqvist${unique}`;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Kemi', lastname: `Adeyemi${unique}` },
      patient: { firstname: 'Rosa', lastname: `Lindqvist${unique}` },
      linked: true,
    }));
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the patient records weight, height and blood pressure from the dashboard', async () => {
    const status = main(patientPage).getByRole('region', { name: 'Graph Status' });
    await expect(tile(patientPage, 'BMI')).toContainText('Needs a weight and a height.');
    await expect(tile(patientPage, 'Blood pressure')).toContainText('No reading yet.');
    await expectAccessible(patientPage);

    // A value no body shows is refused in words, next to its field.
    await status.getByRole('button', { name: 'Record a reading' }).click();
    const form = status.getByRole('form', { name: 'Record a reading' });
    await form.getByRole('textbox', { name: /^Weight/ }).fill('0.1');
    await form.getByRole('button', { name: 'Record reading' }).click();
    await expect(form.getByRole('textbox', { name: /^Weight/ })).toHaveAccessibleDescription(
      /Weight must be between 0.3 and 650 kg/,
    );
    await expectAccessible(patientPage);
    await form.getByRole('button', { name: 'Close without recording' }).click();

    await recordReading(patientPage, status, 'Weight', { 'Weight (kg)': '80' });
    await recordReading(patientPage, status, 'Height', { 'Height (cm)': '175' });
    await recordReading(patientPage, status, 'Blood pressure', {
      'Systolic, the upper number (mmHg)': '150',
      'Diastolic, the lower number (mmHg)': '95',
    });

    await expect(tile(patientPage, 'BMI')).toContainText('26.1');
    await expect(tile(patientPage, 'BMI')).toContainText('Overweight');
    await expect(tile(patientPage, 'Blood pressure')).toContainText('150/95 mmHg');
    await expect(tile(patientPage, 'Blood pressure')).toContainText('Stage 2 hypertension');
    await expect(tile(patientPage, 'Heart rate')).toContainText('No reading yet.');
    await shootAll(patientPage, 'health-dashboard-tiles');
  });

  test('the Health page charts the readings, with a text alternative', async () => {
    await patientPage
      .getByRole('navigation', { name: 'Patient menu' })
      .getByRole('link', { name: 'Health', exact: true })
      .click();
    await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Health');

    // Two earlier readings by CSV, so the chart has points on three days.
    const picker = main(patientPage).getByRole('button', { name: 'CSV file' });
    const csv = [
      'takenat,kind,value,unit',
      `${daysAgo(2)},bloodpressure,138/88,mm[Hg]`,
      `${daysAgo(5)},bloodpressure,128/82,mm[Hg]`,
    ].join('\n');
    await chooseFile(patientPage, picker, {
      name: 'readings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(main(patientPage).getByRole('table', { name: /rows in the file/ })).toContainText(
      '138/88',
    );
    await main(patientPage).getByRole('button', { name: 'Import 2 readings' }).click();
    await expect(
      main(patientPage).getByText('Imported 2 readings from readings.csv.'),
    ).toBeVisible();

    const chart = main(patientPage).getByRole('region', { name: 'Blood pressure (mmHg)' });
    await expect(chart.getByRole('figure')).toContainText(
      '30 days: 3 readings, lowest 128/82, highest 150/95 mmHg.',
    );
    // The picture has a point per day; screen readers get the same days as a table.
    await expect(chart.locator('.recharts-line-dots').first().locator('circle')).toHaveCount(3);
    const table = chart.getByRole('table', { name: /Blood pressure readings, 30 days/ });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).toContainText('150/95');
    await chart.getByText('7 days').click();
    await expect(chart.getByRole('figure')).toContainText('7 days: 3 readings');
    await shootAll(patientPage, 'health-page');
  });

  test('a CSV with one bad row imports nothing and says which row and why', async () => {
    const picker = main(patientPage).getByRole('button', { name: 'CSV file' });
    const csv = [
      'takenat,kind,value,unit',
      `${daysAgo(1)},heartrate,72,/min`,
      `${daysAgo(1)},weight,0.1,kg`,
    ].join('\n');
    await chooseFile(patientPage, picker, {
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // Tend checks the file as soon as it is chosen: the wrong row is named, there is nothing to import.
    const alert = main(patientPage).getByRole('alert').filter({ hasText: 'Nothing was imported' });
    await expect(alert).toContainText('Line 3:');
    await expect(alert).toContainText('Weight must be between 0.3 and 650 kg');
    await expect(main(patientPage).getByRole('button', { name: /^Import/ })).toHaveCount(0);
    await expectAccessible(patientPage);
    await expect(tile(patientPage, 'Heart rate')).toContainText('No reading yet.');

    // Export gives every reading as CSV, in the form an import reads.
    const download = patientPage.waitForEvent('download');
    await main(patientPage).getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tend-readings-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.split('\n')[0]).toBe('takenat,kind,value,unit,note');
    expect(text).toContain('bloodpressure,138/88,mm[Hg]');
  });

  test('the patient deletes a reading they recorded, after confirming', async () => {
    const readings = main(patientPage).getByRole('region', { name: 'Readings' });
    const oldest = readings.getByRole('button', { name: /^Delete Blood pressure 128\/82 mmHg/ });
    await oldest.click();
    const dialog = patientPage.getByRole('dialog', { name: 'Delete this reading?' });
    await expectAccessible(patientPage);
    await dialog.getByRole('button', { name: 'Delete reading' }).click();
    await expect(dialog).toBeHidden();
    await expect(readings.getByRole('status')).toContainText('Deleted: Blood pressure 128/82 mmHg');
    await expect(oldest).toHaveCount(0);
  });

  test('the doctor sees the same tiles and charts, and sets a target', async () => {
    await signIn(doctorPage, doctor);
    await visitOn(doctorPage, `/doctor/tracking-medication?patient=${patient.id}`);
    const health = main(doctorPage).getByRole('region', { name: 'Health measurements' });
    await expect(tile(doctorPage, 'Blood pressure')).toContainText('Stage 2 hypertension');
    await expect(tile(doctorPage, 'BMI')).toContainText('Overweight');
    await expect(health.getByRole('region', { name: 'Blood pressure (mmHg)' })).toContainText(
      '30 days: 2 readings',
    );

    const targets = health.getByRole('form', { name: 'Targets' });
    const bp = targets.getByRole('group', { name: 'Blood pressure (mmHg)' });
    await bp.getByRole('textbox', { name: 'Systolic, high' }).fill('140');
    await bp.getByRole('textbox', { name: 'Diastolic, high' }).fill('90');
    await targets.getByRole('button', { name: 'Save targets' }).click();
    await expect(targets.getByRole('status')).toContainText('Targets saved.');
    await expect(tile(doctorPage, 'Blood pressure')).toContainText(
      `Outside the target from Dr. Kemi Adeyemi${unique} (140 mmHg systolic or below and 90 mmHg diastolic or below).`,
    );

    // At a visit the doctor records a reading for the patient; it is theirs to delete.
    const status = health.getByRole('region', { name: 'Graph Status' });
    await status.getByRole('button', { name: 'Record a reading' }).click();
    await expect(
      status.getByRole('form', { name: `Record a reading for ${patientName}` }),
    ).toBeVisible();
    await status.getByRole('button', { name: 'Close without recording' }).click();
    await recordReading(doctorPage, status, 'Heart rate', { 'Heart rate (beats/min)': '72' });
    await expect(tile(doctorPage, 'Heart rate')).toContainText('72 beats/min');
    await expect(tile(doctorPage, 'Heart rate')).toContainText('Normal');
    const readings = health.getByRole('region', { name: 'Readings' });
    await expect(readings.getByRole('listitem').first()).toContainText('Recorded by you');
    await expect(
      readings.getByRole('button', { name: /^Delete Heart rate 72 beats\/min/ }),
    ).toBeVisible();
    await expect(readings.getByRole('button', { name: /^Delete Blood pressure/ })).toHaveCount(0);
    await shootAll(doctorPage, 'health-doctor-view');
  });

  test('a reading outside the target reaches the doctor live, and flags the patient', async () => {
    await visitOn(doctorPage, '/doctor');
    await expect(bell(doctorPage)).toHaveAccessibleName('Notifications');

    await visitOn(patientPage, '/patient');
    const status = main(patientPage).getByRole('region', { name: 'Graph Status' });
    await recordReading(patientPage, status, 'Blood pressure', {
      'Systolic, the upper number (mmHg)': '162',
      'Diastolic, the lower number (mmHg)': '101',
    });

    // No reload: the live notification raises the count and flags the patient on the open page.
    await expect(bell(doctorPage)).toHaveAccessibleName('Notifications, 1 unread');
    const listed = main(doctorPage).getByRole('listitem').filter({ hasText: patientName });
    await expect(listed).toContainText('Outside your target: Blood pressure');
    await waitForQuiet(doctorPage);
    await expectAccessible(doctorPage);
  });

  test('in US units (Profile Settings) the patient reads and types pounds', async () => {
    await visitOn(patientPage, '/patient/profile-settings');
    await main(patientPage)
      .getByRole('combobox', { name: 'Units' })
      .selectOption('US (lb, in, °F)');
    await main(patientPage).getByRole('button', { name: 'Save Changes' }).click();
    await expect(main(patientPage).getByText('Profile saved.', { exact: true })).toBeVisible();

    await visitOn(patientPage, '/patient/health');
    const readings = main(patientPage).getByRole('region', { name: 'Readings' });
    await expect(readings).toContainText('Weight: 176.4 lb');
    await expect(readings).toContainText('Height: 68.9 in');
    await expect(main(patientPage).getByRole('region', { name: 'Weight (lb)' })).toContainText(
      '30 days: 1 reading, 176.4 lb.',
    );
    const status = main(patientPage).getByRole('region', { name: 'Graph Status' });
    await recordReading(patientPage, status, 'Weight', { 'Weight (lb)': '170' });
    await expect(readings).toContainText('Weight: 170 lb');
  });
});
