import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { newAccount, openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';

// Issue 20, part 1: a pharmacy signs up with its details, lands on its own area and edits them; a
// patient finds it by city in the directory; a patient opening /pharmacy goes to their own area.

const unique = `${Date.now() % 1e7}`;
const pharmacy = newAccount('pharmacy', 'Inês');
const details = {
  name: `Farmácia Ribeira ${unique}`,
  licencenumber: `INF-${unique}`,
  address: '12 Rua da Ribeira',
  city: `Ravenmoor${unique}`,
  postcode: '4050-513',
  country: 'Portugal',
  phone: '+351 22 000 0000',
  openinghours: 'Mon–Fri 9:00–19:00, Sat 9:00–13:00',
};

const main = (page: Page) => page.getByRole('main');
const pharmacyMenu = (page: Page) => page.getByRole('navigation', { name: 'Pharmacy menu' });

test.describe.serial('a pharmacy on Tend', () => {
  // Three widths with an axe check per shot, per page: slow on a busy two-core machine.
  test.describe.configure({ timeout: 240_000 });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('signs up as a pharmacy, with its details checked in words', async () => {
    await visitOn(page, '/sign-up');
    const form = main(page);
    await form.getByRole('textbox', { name: 'First Name' }).fill(pharmacy.firstname);
    await form.getByRole('textbox', { name: 'Last Name' }).fill(pharmacy.lastname);
    await form.getByRole('textbox', { name: 'Email' }).fill(pharmacy.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(pharmacy.password);
    await expect(form.getByRole('textbox', { name: 'Pharmacy name' })).toHaveCount(0);
    await form.getByRole('radio', { name: 'Pharmacy' }).check();
    await expect(form.getByRole('heading', { name: 'Your pharmacy' })).toBeVisible();
    await shootAll(page, 'pharmacy-sign-up');

    // Nothing of the pharmacy yet: each field says what it needs.
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText("Enter the pharmacy's name.")).toBeVisible();
    await expect(form.getByText('Enter the opening hours', { exact: false })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Pharmacy name' })).toBeFocused();

    await form.getByRole('textbox', { name: 'Pharmacy name' }).fill(details.name);
    await form.getByRole('textbox', { name: 'Licence number' }).fill(details.licencenumber);
    await form.getByRole('textbox', { name: 'Street address' }).fill(details.address);
    await form.getByRole('textbox', { name: 'City' }).fill(details.city);
    await form.getByRole('textbox', { name: 'Post code' }).fill(details.postcode);
    await form.getByRole('textbox', { name: 'Country' }).fill(details.country);
    await form.getByRole('textbox', { name: 'Pharmacy phone' }).fill(details.phone);
    await form.getByRole('textbox', { name: 'Opening hours' }).fill(details.openinghours);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  });

  test('signs in to its own area: an empty queue, itself as patients see it, and no sample data', async () => {
    await signIn(page, pharmacy);
    await expect(page).toHaveURL(/\/pharmacy$/);
    const menu = pharmacyMenu(page);
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Prescriptions',
      'Verify a prescription',
      'Notification Settings',
      'Profile Settings',
      'Change Password',
      'Sign-in and devices',
    ]);
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    const dashboard = main(page);
    await expect(dashboard.getByText('Nothing to prepare')).toBeVisible();
    await expect(dashboard.getByRole('heading', { name: details.name })).toBeVisible();
    await expect(dashboard.getByText(details.openinghours, { exact: false })).toBeVisible();
    await shootAll(page, 'pharmacy-dashboard');
  });

  test('its notification settings offer delivery, and no calendar of visits or doses', async () => {
    await pharmacyMenu(page).getByRole('link', { name: 'Notification Settings' }).click();
    const settings = main(page);
    await expect(settings.getByRole('switch', { name: 'Email me reminders' })).toBeVisible();
    await expect(settings.getByRole('heading', { name: 'Reminder times' })).toHaveCount(0);
    await expect(settings.getByText('calendar', { exact: false })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('edits its details in Profile Settings', async () => {
    await pharmacyMenu(page).getByRole('link', { name: 'Profile Settings' }).click();
    const form = main(page);
    const hours = form.getByRole('textbox', { name: 'Opening hours' });
    await expect(hours).toHaveValue(details.openinghours);
    // Not a patient's: no date of birth or blood group to keep.
    await expect(form.getByRole('textbox', { name: 'Date Of Birth' })).toHaveCount(0);
    await expect(form.getByRole('combobox', { name: 'Blood Group' })).toHaveCount(0);
    await shootAll(page, 'pharmacy-profile-settings');

    await hours.fill('');
    await form.getByRole('button', { name: 'Save pharmacy details' }).click();
    await expect(form.getByText('Enter the opening hours', { exact: false })).toBeVisible();
    await hours.fill('Every day 8:00–22:00');
    await form.getByRole('button', { name: 'Save pharmacy details' }).click();
    await expect(form.getByText('Pharmacy details saved.')).toBeVisible();
    await page.reload();
    await expect(main(page).getByRole('textbox', { name: 'Opening hours' })).toHaveValue(
      'Every day 8:00–22:00',
    );
  });

  test('a patient finds it by city, and opening /pharmacy lands in their own area', async ({
    browser,
  }) => {
    const patientPage = await openSharedPage(browser);
    try {
      const patient = await createAccountViaApi(patientPage.request, 'patient', {
        firstname: 'Rosa',
      });
      await signIn(patientPage, patient);
      await patientPage
        .getByRole('navigation', { name: 'Patient menu' })
        .getByRole('link', { name: 'Pharmacies' })
        .click();
      const directory = main(patientPage);
      await directory.getByRole('searchbox', { name: 'City' }).fill(details.city.toUpperCase());
      const found = directory.getByRole('list', { name: 'Pharmacies' }).getByRole('listitem');
      await expect(found).toHaveCount(1);
      await expect(found.getByRole('heading', { name: details.name })).toBeVisible();
      await expect(found).toContainText('Every day 8:00–22:00');
      await expect(found).not.toContainText(details.licencenumber);
      await shootAll(patientPage, 'patient-pharmacies', {
        ready: found.getByRole('heading', { name: details.name }),
      });

      await patientPage.goto('/pharmacy');
      await expect(patientPage).toHaveURL(/\/patient$/);
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Hello, Rosa');
    } finally {
      await patientPage.context().close();
    }
  });
});
