import type { Page } from '@playwright/test';
import type { Prescription } from '@tend/shared';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { newAccount, openSharedPage, signIn } from '../support/accounts.ts';
import type { ApiAccount } from '../support/api-accounts.ts';
import { apiAs } from '../support/appointments.ts';
import { closePages, openPatientAndDoctor } from '../support/patient-and-doctor.ts';
import { prescribeViaApi } from '../support/prescriptions.ts';
import { recordUsed } from '../support/used-values.ts';
import { waitForQuiet } from '../support/quiet.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 20: a pharmacy checks a paper prescription by the code printed on it.

const unique = `${Date.now() % 1e7}`;
const pharmacy = newAccount('pharmacy', 'Inês');

const main = (page: Page) => page.getByRole('main');

/** Registers the pharmacy through the API, from an address of its own (inside the sign-up limit). */
async function registerPharmacy(page: Page) {
  recordUsed('email', pharmacy.email);
  recordUsed('password', pharmacy.password);
  const res = await page.request.post('/api/v1/auth/register', {
    data: {
      ...pharmacy,
      pharmacy: {
        name: `Farmácia Verde ${unique}`,
        licencenumber: `VRD-${unique}`,
        address: '3 Rua Verde',
        city: 'Porto',
        postcode: '4000-001',
        country: 'Portugal',
        phone: '+351 22 000 0001',
        openinghours: 'Mon–Fri 9:00–19:00',
      },
    },
    headers: { 'X-Forwarded-For': `203.0.113.${(Number(unique) % 200) + 20}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function verify(page: Page, typed: string) {
  const form = main(page).getByRole('form', { name: 'Verify a prescription' });
  await form.getByRole('textbox', { name: 'Prescription code' }).fill(typed);
  await form.getByRole('button', { name: 'Verify' }).click();
}

test.describe.serial('a pharmacy verifies a paper prescription by its code', () => {
  // Three widths with an axe check per shot, per page: slow on a busy two-core machine.
  test.describe.configure({ timeout: 240_000 });
  let pharmacyPage: Page;
  let patientPage: Page;
  let doctorPage: Page;
  let valid: Prescription;
  let cancelled: Prescription;

  test.beforeAll(async ({ browser }) => {
    let patient: ApiAccount;
    let doctor: ApiAccount;
    ({ patientPage, doctorPage, patient, doctor } = await openPatientAndDoctor(browser, {
      doctor: { firstname: 'Ngozi', lastname: `Adeyemi${unique}` },
      patient: { firstname: 'Tomás', lastname: 'Reyes' },
      linked: true,
    }));
    valid = await prescribeViaApi(doctorPage, doctor, patient, 'Metformin');
    cancelled = await prescribeViaApi(doctorPage, doctor, patient, 'Lisinopril');
    const api = await apiAs(doctorPage.request, doctor);
    const res = await api.post(`/prescriptions/${cancelled._id}/cancel`, {
      reason: 'Replaced by another medication.',
    });
    expect(res.status(), await res.text()).toBe(200);
    pharmacyPage = await openSharedPage(browser);
    await registerPharmacy(pharmacyPage);
  });
  test.afterAll(() => closePages(pharmacyPage, patientPage, doctorPage));

  test('the menu leads to the page; an empty or malformed code is explained in words', async () => {
    await signIn(pharmacyPage, pharmacy);
    const menu = pharmacyPage.getByRole('navigation', { name: 'Pharmacy menu' });
    await menu.getByRole('link', { name: 'Verify a prescription' }).click();
    await expect(pharmacyPage).toHaveURL(/\/pharmacy\/verify$/);
    await expect(pharmacyPage.getByRole('heading', { level: 1 })).toHaveText(
      'Verify a prescription',
    );
    await waitForQuiet(pharmacyPage);
    await expectAccessible(pharmacyPage);
    await shootAll(pharmacyPage, 'pharmacy-verify');

    await verify(pharmacyPage, '');
    await expect(
      main(pharmacyPage).getByText('Enter the code printed on the prescription.'),
    ).toBeVisible();
    await verify(pharmacyPage, 'OKQ4-M9XT');
    await expect(
      main(pharmacyPage).getByText('That is not a prescription code.', { exact: false }),
    ).toBeVisible();
    await expect(
      main(pharmacyPage).getByRole('textbox', { name: 'Prescription code' }),
    ).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(pharmacyPage);
  });

  test('a valid code, typed in lower case, shows valid and what the paper should say', async () => {
    await verify(pharmacyPage, valid.code.toLowerCase().replaceAll('-', ' '));
    const answer = main(pharmacyPage);
    await expect(answer.getByRole('heading', { name: 'Valid: you may dispense it' })).toBeVisible();
    await expect(answer).toContainText(
      'This prescription is valid and can be dispensed: 3 fills of 3 left.',
    );
    await expect(answer).toContainText(`Prescription ${valid.code}`);
    await expect(answer).toContainText('Tomás Reyes');
    await expect(answer).toContainText('Metformin 500 mg, tablet');
    await expect(answer).toContainText('1 × tablet, morning and night');
    await expect(answer).toContainText(`Dr. Ngozi Adeyemi${unique}`);
    // The pharmacist's note is not on the paper, so not here either.
    await expect(answer).not.toContainText('Kidney');
    await expectAccessible(pharmacyPage);
    await shootAll(pharmacyPage, 'pharmacy-verify-valid');
  });

  test('a cancelled one says not to dispense it', async () => {
    await verify(pharmacyPage, cancelled.code);
    const answer = main(pharmacyPage);
    await expect(answer.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
    await expect(answer).toContainText('Do not dispense: the doctor cancelled this prescription.');
    await expect(answer).toContainText('Lisinopril 500 mg, tablet');
    await expectAccessible(pharmacyPage);
    await shootAll(pharmacyPage, 'pharmacy-verify-cancelled');
  });

  test('an unknown code is answered in words', async () => {
    await verify(pharmacyPage, 'ZZZZ-ZZZZ-ZZZ');
    const alert = main(pharmacyPage).getByRole('alert');
    await expect(alert).toContainText('No prescription in Tend has this code.');
    await expect(alert).toContainText('No such prescription');
    // The last answer (the cancelled one) is gone: nothing on screen belongs to another code.
    await expect(
      main(pharmacyPage).getByRole('heading', { name: /check it matches the paper/ }),
    ).toHaveCount(0);
    await expectAccessible(pharmacyPage);
    await shootAll(pharmacyPage, 'pharmacy-verify-unknown');
  });
});
