import type { APIRequestContext, Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { PNG_8X8, openSharedPage, signIn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';

/**
 * Full-page screenshots of the medication, sharing and tracking screens at phone, tablet and
 * desktop widths into e2e/screenshots/, with real data put in through the API (as
 * account-screenshots.spec.ts does for the account screens). Each is checked with axe too, once
 * the page's heading is there.
 */
async function shootScreen(page: Page, name: string, widths?: number[]) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shootAll(page, name, widths ? { widths } : {});
}

// Registered through the API without a time zone: everyone here lives in UTC.
const isoDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const offsetOf = (date: string) =>
  Math.round((Date.parse(date) - Date.parse(isoDay())) / 86_400_000);

/** Calls the API as the person signed in on `page`. */
function apiAs(page: Page) {
  const request: APIRequestContext = page.request;
  const headers = async () => ({
    Authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('userToken'))}`,
  });
  const check = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return response.status() === 204 ? null : ((await response.json()) as Record<string, unknown>);
  };
  return {
    post: async (path: string, data: unknown) =>
      check(await request.post(`/api/v1${path}`, { headers: await headers(), data })),
    put: async (path: string, data: unknown) =>
      check(await request.put(`/api/v1${path}`, { headers: await headers(), data })),
    patch: async (path: string, data: unknown) =>
      check(await request.patch(`/api/v1${path}`, { headers: await headers(), data })),
    picture: async () =>
      check(
        await request.put('/api/v1/me/avatar', {
          headers: await headers(),
          multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG_8X8 } },
        }),
      ),
  };
}

const DOCTOR_PROFILES = [
  {
    specialty: 'Endocrinology',
    location: 'Harbour Lane Clinic, Bergen',
    yearsofexperience: 14,
    consultationfee: 60,
    bio: 'Diabetes and thyroid care for adults, with a focus on living well with long-term conditions.',
  },
  {
    specialty: 'General practice',
    location: 'Harbour Lane Clinic, Bergen',
    yearsofexperience: 6,
    consultationfee: 45,
    bio: null,
  },
];

/** Four medications with a few weeks of doses, some missed, one already ended. */
async function seedMedications(page: Page) {
  const api = apiAs(page);
  const plan = [
    {
      body: {
        name: 'Metformin',
        description:
          'For type 2 diabetes. One tablet with breakfast; two after four weeks if well tolerated.',
        dosage: '500 mg',
        note: 'Take with food.',
        startdate: isoDay(-20),
        timefrequency: 'day',
      },
      missed: [-2, -5, -9, -14],
      today: true,
    },
    {
      body: {
        name: 'Lisinopril',
        description: 'For blood pressure.',
        dosage: '10 mg',
        note: null,
        startdate: isoDay(-12),
        enddate: isoDay(30),
        timefrequency: 'afternoon',
      },
      missed: [-1, -3, -4, -8],
      today: false,
    },
    {
      body: {
        name: 'Atorvastatin',
        description: 'For cholesterol, at bedtime.',
        dosage: '20 mg',
        note: 'Avoid grapefruit.',
        startdate: isoDay(-6),
        timefrequency: 'night',
      },
      missed: [-1],
      today: false,
    },
    {
      body: {
        name: 'Vitamin D3',
        dosage: '1000 IU',
        startdate: isoDay(-40),
        enddate: isoDay(-8),
        timefrequency: 'day',
      },
      missed: [] as number[],
      today: false,
    },
  ];
  for (const { body, missed, today } of plan) {
    const created = await api.post('/medications', body);
    const id = String(created?._id);
    const start = Math.max(-29, offsetOf(body.startdate));
    const end = Math.min(-1, body.enddate ? offsetOf(body.enddate) : -1);
    for (let offset = start; offset <= end; offset += 1) {
      if (missed.includes(offset)) continue;
      await api.put(`/medications/${id}/doses/${isoDay(offset)}`, { taken: true });
    }
    if (today) await api.patch(`/medications/${id}`, { taken: true });
  }
}

test.describe.serial('medication, sharing and tracking screens', () => {
  // Each test shoots several pages at three widths with an axe check per shot: minutes, not seconds,
  // on a busy two-core machine.
  test.describe.configure({ timeout: 180_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctors: ApiAccount[];

  test.beforeAll(async ({ browser }) => {
    patientPage = await openSharedPage(browser);
    doctorPage = await openSharedPage(browser);
    doctors = [
      await createAccountViaApi(doctorPage.request, 'doctor', {
        firstname: 'Ingrid',
        lastname: 'Solberg',
      }),
      await createAccountViaApi(doctorPage.request, 'doctor', {
        firstname: 'Jonas',
        lastname: 'Berg',
      }),
    ];
    patient = await createAccountViaApi(patientPage.request, 'patient', {
      firstname: 'Amara',
      lastname: 'Okonkwo',
    });
    // Each doctor's directory details, set as that doctor (the second only through the API).
    for (const [index, doctor] of doctors.entries()) {
      const token = await apiToken(doctorPage.request, doctor);
      const update = await doctorPage.request.patch('/api/v1/me/update', {
        headers: { Authorization: `Bearer ${token}` },
        data: DOCTOR_PROFILES[index],
      });
      expect(update.status(), await update.text()).toBe(200);
    }
    await signIn(doctorPage, doctors[0]!);
    await apiAs(doctorPage).picture();
    await signIn(patientPage, patient);
  });
  test.afterAll(async () => {
    await patientPage.context().close();
    await doctorPage.context().close();
  });

  test('screenshot the empty states', async () => {
    await patientPage.goto('/patient/medications');
    await expect(patientPage.getByText('You have no medications yet.')).toBeVisible();
    await shootScreen(patientPage, 'patient-medications-empty', [WIDTHS.phone, WIDTHS.desktop]);
    await patientPage.goto('/patient/daily-medication');
    await expect(patientPage.getByText('You have no medications yet.')).toBeVisible();
    await shootScreen(patientPage, 'patient-daily-medication-empty', [WIDTHS.phone]);
    await doctorPage.goto('/doctor/tracking-medication');
    await expect(doctorPage.getByText(/No patients share their medications/)).toBeVisible();
    await shootScreen(doctorPage, 'doctor-tracking-medication-empty', [
      WIDTHS.phone,
      WIDTHS.desktop,
    ]);
  });

  test('screenshot the create form, also with errors', async () => {
    await patientPage.goto('/patient/create-medication');
    await shootScreen(patientPage, 'patient-create-medication');
    await patientPage.getByRole('button', { name: 'Save medication' }).click();
    await expect(patientPage.getByText('Enter the medication’s name.')).toBeVisible();
    await shootScreen(patientPage, 'patient-create-medication-errors', [WIDTHS.phone]);
  });

  test('screenshot the patient screens with medications', async () => {
    await seedMedications(patientPage);
    await apiAs(patientPage).post('/care-links', { doctorId: doctors[0]!.id });
    await apiAs(patientPage).picture();

    await patientPage.goto('/patient');
    await expect(patientPage.getByText(/You took \d+ of \d+ doses this week/)).toBeVisible();
    await shootScreen(patientPage, 'patient-dashboard-medications');
    await patientPage.goto('/patient/medications');
    await expect(patientPage.getByRole('button', { name: 'Delete Metformin' })).toBeVisible();
    await shootScreen(patientPage, 'patient-medications');
    await patientPage.getByRole('link', { name: 'View Metformin' }).click();
    await expect(patientPage.getByRole('heading', { name: 'Dose history' })).toBeVisible();
    await shootScreen(patientPage, 'patient-medication-view');
    await patientPage.getByRole('link', { name: 'Edit Metformin' }).click();
    await expect(patientPage.getByRole('textbox', { name: 'Name' })).toHaveValue('Metformin');
    await shootScreen(patientPage, 'patient-edit-medication');
    await patientPage.goto('/patient/daily-medication');
    await expect(patientPage.getByRole('checkbox', { name: 'Metformin 500 mg' })).toBeChecked();
    await shootScreen(patientPage, 'patient-daily-medication');
  });

  test('screenshot the delete dialog on a phone', async () => {
    await patientPage.setViewportSize({ width: WIDTHS.phone, height: 800 });
    await patientPage.goto('/patient/medications');
    await patientPage.getByRole('button', { name: 'Delete Lisinopril' }).click();
    await expect(patientPage.getByRole('dialog')).toBeVisible();
    await patientPage.waitForTimeout(400); // the dialog fades in
    await expectAccessible(patientPage);
    await patientPage.screenshot({
      path: `e2e/screenshots/patient-delete-medication-${WIDTHS.phone}.png`,
    });
    await patientPage.getByRole('button', { name: 'No, go back' }).click();
  });

  test('screenshot the doctor screens with a patient', async () => {
    await doctorPage.goto('/doctor');
    await expect(doctorPage.getByRole('link', { name: 'Amara Okonkwo' })).toBeVisible();
    await shootScreen(doctorPage, 'doctor-dashboard-patients');
    await doctorPage.getByRole('link', { name: 'Amara Okonkwo' }).click();
    await expect(doctorPage.getByRole('heading', { name: 'Daily Medications' })).toBeVisible();
    await shootScreen(doctorPage, 'doctor-tracking-medication');
  });

  test('screenshot My Doctors with a search and the access log', async () => {
    await patientPage.goto('/patient/doctors');
    await patientPage.getByRole('searchbox', { name: 'Search doctors' }).fill('Harbour Lane');
    await expect(
      patientPage.getByRole('list', { name: 'Doctors' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expect(patientPage.getByText(/Dr\. Ingrid Solberg viewed/).first()).toBeVisible();
    await shootScreen(patientPage, 'patient-my-doctors');
  });
});
