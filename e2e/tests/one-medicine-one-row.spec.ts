import type { Page } from '@playwright/test';
import { WIDTHS, expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { es } from '../support/catalogs.ts';
import { speakOnPage } from '../support/language.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { createPharmacyViaApi } from '../support/pharmacy.ts';
import { dispenseViaApi, prescribeViaApi } from '../support/prescriptions.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 46 item 9: a dispensed prescription taken in the day and at night is two medications of the
// same name on the patient's list (decision 025). Wherever a medicine is listed apart from a time
// of day column — This week on the dashboard, the medication list's cards, the doctor's tracking
// cards — each row says its time of day ("Doxycycline · Night"), so no two rows read alike; in
// English and in Spanish, at phone, tablet and desktop widths.

const unique = Date.now().toString(36);
const MEDICATION = `Doxycycline ${unique}`;
const main = (page: Page) => page.getByRole('main');

type Language = 'en' | 'es';
const TIMES: Record<Language, { day: string; night: string }> = {
  en: { day: 'Day', night: 'Night' },
  es: { day: es('common', 'timeOfDay.day'), night: es('common', 'timeOfDay.night') },
};
const named = (language: Language, time: 'day' | 'night') =>
  `${MEDICATION} · ${TIMES[language][time]}`;

/**
 * The page lists the medicine twice, told apart by the time of day: at desktop width as table rows
 * with a time of day column, at phone width as cards titled "Doxycycline · Day".
 */
async function expectTwoRows(page: Page, language: Language) {
  const rows = main(page).getByRole('row').filter({ hasText: MEDICATION });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: TIMES[language].day })).toHaveCount(1);
  await expect(rows.filter({ hasText: TIMES[language].night })).toHaveCount(1);
  await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
  for (const time of ['day', 'night'] as const) {
    await expect(main(page).getByRole('heading', { name: named(language, time) })).toHaveCount(1);
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

test.describe.serial('one medicine taken at two times of day reads as two named rows', () => {
  test.describe.configure({ timeout: 240_000 });
  let patientPage: Page;
  let doctorPage: Page;
  let patient: ApiAccount;
  let doctor: ApiAccount;

  test.beforeAll(async ({ browser }) => {
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Amara', lastname: `Diallo${unique}` },
      patient: { firstname: 'Rosa', lastname: `Quintero${unique}` },
      linked: true,
    }));
    // The doctor prescribes one tablet in the day and one at night; the pharmacy hands it over,
    // which puts two medications of one name on the patient's list.
    const pharmacyPage = await openSharedPage(browser);
    const pharmacy = await createPharmacyViaApi(pharmacyPage.request, `Farmacia Sauce ${unique}`);
    const p = await prescribeViaApi(doctorPage, doctor, patient, MEDICATION);
    await dispenseViaApi(patientPage, patient, pharmacyPage, pharmacy, p._id);
    await closePages(pharmacyPage);
    const asPatient = await apiAs(patientPage.request, patient);

    // The day dose is ticked, the night one not: the two rows differ in more than the name.
    const list = await asPatient.get('/medications');
    expect(list.status()).toBe(200);
    const { medications } = (await list.json()) as {
      medications: { _id: string; name: string; timefrequency: string }[];
    };
    const ours = medications.filter((m) => m.name === MEDICATION);
    expect(ours.map((m) => m.timefrequency).sort()).toEqual(['day', 'night']);
    const day = ours.find((m) => m.timefrequency === 'day');
    const ticked = await asPatient.patch(`/medications/${day?._id}`, { taken: true });
    expect(ticked.status(), await ticked.text()).toBe(200);

    await signIn(patientPage, patient);
    await signIn(doctorPage, doctor);
  });
  test.afterAll(() => closePages(patientPage, doctorPage));

  for (const language of ['en', 'es'] as const) {
    const week = language === 'en' ? 'This week' : es('medications', 'week.title');

    test(`${language}: This week on the dashboard names each dose time`, async () => {
      await visitOn(patientPage, '/patient');
      if (language === 'es') await speakOnPage(patientPage, patient, 'es');
      await expect(main(patientPage).getByRole('heading', { name: week })).toBeVisible();
      // This week's rows read "Doxycycline · Day: 1 of 1 dose (100%)".
      const weekRow = (time: 'day' | 'night') =>
        main(patientPage)
          .getByRole('listitem')
          .filter({ hasText: `${named(language, time)}: ` });
      await expect(weekRow('day')).toHaveCount(1);
      await expect(weekRow('night')).toHaveCount(1);
      await waitForQuiet(patientPage);
      await expectAccessible(patientPage);
      await shootAll(patientPage, `one-row-dashboard-${language}`);
    });

    test(`${language}: the medication list names each card by its time`, async () => {
      await visitOn(patientPage, '/patient/medications');
      await expect(patientPage.locator('html')).toHaveAttribute('lang', language);
      await expectTwoRows(patientPage, language);
      await shootAll(patientPage, `one-row-medications-${language}`);
    });

    test(`${language}: the doctor’s tracking page tells the two apart`, async () => {
      await visitOn(doctorPage, `/doctor/tracking-medication?patient=${patient.id}`);
      if (language === 'es') await speakOnPage(doctorPage, doctor, 'es');
      await expectTwoRows(doctorPage, language);
      await waitForQuiet(doctorPage);
      await shootAll(doctorPage, `one-row-tracking-${language}`);
    });
  }
});
