import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 24: a patient downloads their whole record as a FHIR R4 Bundle from Profile Settings, and
// their linked doctor downloads the same from the patient's Tracking Medication page; the patient
// then reads the doctor's download in their access log.

interface Bundle {
  resourceType: string;
  type: string;
  entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }[];
}

const main = (page: Page) => page.getByRole('main');
const unique = Date.now().toString(36);

/** The downloaded file, read as the Bundle it must be. */
async function bundleOf(download: Download): Promise<Bundle> {
  expect(download.suggestedFilename()).toMatch(/^tend-record-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(readFileSync(await download.path(), 'utf8')) as Bundle;
}

function expectPatientIn(bundle: Bundle, patient: ApiAccount) {
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const patients = bundle.entry.filter((e) => e.resource.resourceType === 'Patient');
  expect(patients).toHaveLength(1);
  expect(patients[0]?.resource).toMatchObject({
    id: patient.id,
    name: [{ given: [patient.firstname], family: patient.lastname }],
  });
}

test.describe.serial('FHIR export: the whole record as one file', () => {
  // Two people and three widths of screenshots with an axe check each: slow on two shared cores.
  test.describe.configure({ timeout: 180_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ines', lastname: `Duarte${unique}` },
      patient: { firstname: 'Tomas', lastname: `Berg${unique}` },
      linked: true,
    }));
    // A blood pressure reading, so the record holds more than the patient.
    const api = await apiAs(patientPage.request, patient);
    const reading = await api.post('/measurements', {
      kind: 'bloodpressure',
      value: { systolic: 132, diastolic: 84 },
      unit: 'mm[Hg]',
      takenat: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(reading.status(), await reading.text()).toBe(201);
    await signIn(patientPage, patient);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  test('the patient downloads their record from Profile Settings', async () => {
    await visitOn(patientPage, '/patient/profile-settings');
    const button = main(patientPage).getByRole('button', { name: 'Download my record (FHIR)' });
    await expect(button).toBeVisible();
    await shootAll(patientPage, 'profile-settings-record');

    const download = patientPage.waitForEvent('download');
    await button.click();
    const bundle = await bundleOf(await download);
    expectPatientIn(bundle, patient);
    const bp = bundle.entry.find((e) => e.resource.resourceType === 'Observation')?.resource;
    expect(bp).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      component: [
        { valueQuantity: { value: 132, code: 'mm[Hg]' } },
        { valueQuantity: { value: 84, code: 'mm[Hg]' } },
      ],
    });
    await expect(main(patientPage).getByRole('alert')).toHaveCount(0);
  });

  test('the linked doctor downloads the same record, and the patient sees it in their log', async () => {
    await signIn(doctorPage, doctor);
    await visitOn(doctorPage, `/doctor/tracking-medication?patient=${patient.id}`);
    const button = main(doctorPage).getByRole('button', { name: 'Download record (FHIR)' });
    await expect(button).toBeVisible();
    await shootAll(doctorPage, 'doctor-tracking-record', { ready: button });
    const download = doctorPage.waitForEvent('download');
    await button.click();
    expectPatientIn(await bundleOf(await download), patient);

    await visitOn(patientPage, '/patient/doctors');
    await expect(main(patientPage)).toContainText(
      `${doctor.lastname} downloaded your whole record (FHIR)`,
    );
  });

  test('a download that fails is told in words', async () => {
    await visitOn(patientPage, '/patient/profile-settings');
    // The connection drops on the way: the page says so instead of leaving the button spinning.
    await patientPage.route('**/api/v1/me/fhir', (route) => route.abort('internetdisconnected'));
    await main(patientPage).getByRole('button', { name: 'Download my record (FHIR)' }).click();
    const alert = main(patientPage)
      .getByRole('alert')
      .filter({ hasText: 'Your record was not downloaded' });
    await expect(alert).toContainText('Could not reach Tend. Check your connection and try again.');
    await expect(
      main(patientPage).getByRole('button', { name: 'Download my record (FHIR)' }),
    ).toBeEnabled();
    await expectAccessible(patientPage);
    await patientPage.unroute('**/api/v1/me/fhir');
  });
});
