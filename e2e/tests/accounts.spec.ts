import { fillDate, shownDay } from '../support/date-fields.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import {
  DOCTOR_MENU_LINKS,
  PATIENT_MENU_LINKS,
  PNG_8X8,
  areaPath,
  newAccount,
  openSharedPage,
  signIn,
  submitSignIn,
  visitOn,
  type TestAccount,
} from '../support/accounts.ts';
import { waitForQuiet } from '../support/quiet.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page, role: 'Patient' | 'Doctor') =>
  page.getByRole('navigation', { name: `${role} menu` });

async function signUp(page: Page, account: TestAccount) {
  await visitOn(page, '/sign-up');
  const form = main(page);
  await form.getByRole('textbox', { name: 'First Name' }).fill(account.firstname);
  await form.getByRole('textbox', { name: 'Last Name' }).fill(account.lastname);
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form
    .getByRole('radio', { name: account.userType === 'doctor' ? 'Doctor' : 'Patient' })
    .check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expectAccessible(page);
}

/** What a profile form is given, and shows again once saved. */
interface Profile {
  /** Each text field's label and value. */
  textboxes: [string, string][];
  dateOfBirth: string;
  bloodGroup: string;
  timeZone: string;
}

async function saveProfile(form: Locator, profile: Profile) {
  for (const [label, value] of profile.textboxes)
    await form.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fillDate(form.getByLabel('Date Of Birth'), profile.dateOfBirth);
  await form.getByLabel('Blood Group').selectOption(profile.bloodGroup);
  await form.getByLabel('Time zone').selectOption(profile.timeZone);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();
}

async function expectProfile(form: Locator, profile: Profile) {
  for (const [label, value] of profile.textboxes)
    await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
  await expect(form.getByLabel('Date Of Birth')).toHaveValue(shownDay(profile.dateOfBirth));
  await expect(form.getByLabel('Blood Group')).toHaveValue(profile.bloodGroup);
  await expect(form.getByLabel('Time zone')).toHaveValue(profile.timeZone);
}

async function openMenuPage(page: Page, role: 'Patient' | 'Doctor', name: string) {
  await menu(page, role).getByRole('link', { name }).click();
  await expect(menu(page, role).getByRole('link', { name })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await waitForQuiet(page);
}

async function changePassword(page: Page, role: 'Patient' | 'Doctor', account: TestAccount) {
  await openMenuPage(page, role, 'Change Password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change password');
  await expectAccessible(page);
  const form = main(page);
  const next = `${account.password}-renewed`;

  await form.getByLabel('Old Password').fill('not-my-password');
  await form.getByLabel('New password').fill(next);
  await form.getByLabel('Confirm Password').fill(`${next}-typo`);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('The two new passwords do not match.')).toBeVisible();

  await form.getByLabel('Confirm Password').fill(next);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByLabel('Old Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This is not your current password.')).toBeVisible();

  await form.getByLabel('Old Password').fill(account.password);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Password changed. Other devices have been signed out.',
  );
  await expect(form.getByLabel('Old Password')).toHaveValue('');
  await expect(form.getByLabel('New password')).toHaveValue('');
  await expectAccessible(page);
  account.password = next;
}

async function uploadPicture(page: Page, role: 'Patient' | 'Doctor') {
  const form = main(page);
  // A text file dressed up as a PNG is turned away before any upload.
  let chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload picture' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(form.getByText('Choose a JPG, GIF or PNG picture.')).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_8X8 });
  await expect(form.getByRole('status').filter({ hasText: 'Picture updated.' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  // The side menu shows the new picture without a reload.
  await expect(menu(page, role).locator('img[src^="blob:"]')).toBeVisible();
  await expectAccessible(page);
}

test.describe('without a session', () => {
  for (const path of ['/patient', '/doctor/profile-settings']) {
    test(`${path} sends the visitor to sign in, naming the page`, async ({ page, visit }) => {
      await visit(path);
      await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    });
  }
});

test.describe.serial('a patient account', () => {
  let page: Page;
  const patient = newAccount('patient', 'Pat');

  test.beforeAll(async ({ browser }) => {
    // A device away from UTC: sign-up should send its zone along.
    page = await openSharedPage(browser, { timezoneId: 'Europe/Oslo' });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('sign-up shows the password rules and refuses a short password', async () => {
    await visitOn(page, '/sign-up');
    const form = main(page);
    await expect(form.getByRole('radio', { name: 'Patient' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await expect(form.getByText('At least 8 characters')).toBeVisible();
    await expect(form.getByText('(not yet)')).toBeAttached();
    await expect(form.getByText(/common passwords.*refused/i)).toBeVisible();
    await form.getByRole('textbox', { name: 'First Name' }).fill(patient.firstname);
    await form.getByRole('textbox', { name: 'Last Name' }).fill(patient.lastname);
    await form.getByRole('textbox', { name: 'Email' }).fill(patient.email);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
    await expectAccessible(page);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(patient.password);
    await expect(form.getByText('(done)')).toBeAttached();
  });

  test('signs up, and a wrong password is refused in words', async () => {
    await signUp(page, patient);
    await submitSignIn(page, patient.email, `${patient.password}-wrong`);
    await expect(main(page).getByRole('alert')).toContainText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expectAccessible(page);
  });

  test('signs in to the patient area and stays signed in after a reload', async () => {
    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(patient.password);
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat');
    const stored = await page.evaluate(() => ({ ...sessionStorage }));
    expect(stored.userType).toBe('patient');
    expect(stored.userToken).toBeTruthy();
    expect(Number(stored.userTokenExpiresAt)).toBeGreaterThan(Date.now());

    const nav = menu(page, 'Patient');
    await expect(nav.getByText('Pat Lindqvist')).toBeVisible();
    await expect(nav.getByText('Patient', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(PATIENT_MENU_LINKS);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(main(page).getByText(/Add your date of birth, blood group/)).toBeVisible();
    await expectAccessible(page);

    await visitOn(page, '/patient');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat');
    await visitOn(page, '/sign-in');
    await expect(page).toHaveURL(/\/patient$/);
  });

  test('renews its token near expiry and after the server turns one down', async () => {
    const before = await page.evaluate(() => sessionStorage.getItem('userToken'));
    await page.evaluate(() =>
      sessionStorage.setItem('userTokenExpiresAt', String(Date.now() + 60_000)),
    );
    await visitOn(page, '/patient');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('userToken')))
      .not.toBe(before);
    expect(
      Number(await page.evaluate(() => sessionStorage.getItem('userTokenExpiresAt'))),
    ).toBeGreaterThan(Date.now() + 30 * 60_000);

    await page.evaluate(() => sessionStorage.setItem('userToken', 'not-a-real-token'));
    await visitOn(page, '/patient');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat');
    expect(await page.evaluate(() => sessionStorage.getItem('userToken'))).not.toBe(
      'not-a-real-token',
    );
  });

  test('a patient is sent away from the doctor area, to their own', async () => {
    await visitOn(page, '/doctor');
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Pat');
  });

  test('edits and saves every profile field', async () => {
    await openMenuPage(page, 'Patient', 'Profile Settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile settings');
    await expectAccessible(page);
    const form = main(page);
    await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Oslo');
    const profile: Profile = {
      textboxes: [
        ['First Name', 'Patricia'],
        ['Last Name', 'Lindqvist-Berg'],
        ['Number', '+46 70 123 45 67'],
        ['Address', 'Storgatan 1'],
        ['City', 'Uppsala'],
        ['State', 'Uppsala län'],
        ['Post Code', '753 20'],
        ['Country', 'Sweden'],
      ],
      dateOfBirth: '1984-03-09',
      bloodGroup: 'AB',
      timeZone: 'Europe/Stockholm',
    };
    await saveProfile(form, profile);
    await expect(menu(page, 'Patient').getByText('Patricia Lindqvist-Berg')).toBeVisible();
    await expect(menu(page, 'Patient').getByText('Uppsala, Sweden')).toBeVisible();

    await visitOn(page, '/patient/profile-settings');
    await expectProfile(form, profile);
    await expect(form.getByLabel('Email Id')).toHaveValue(patient.email);
    // Doctors' fields are not offered to a patient.
    await expect(form.getByLabel('Specialty')).toHaveCount(0);

    await form.getByLabel('Email Id').fill('not an address');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      form.getByText('Enter a valid email address, like name@example.com.'),
    ).toBeVisible();
    await form.getByLabel('Email Id').fill(patient.email);
    patient.firstname = 'Patricia';
  });

  test('uploads a profile picture that the menu shows, and removes it', async () => {
    await uploadPicture(page, 'Patient');
    await main(page).getByRole('button', { name: 'Remove picture' }).click();
    await expect(
      main(page).getByRole('status').filter({ hasText: 'Picture removed.' }),
    ).toBeVisible();
    await expect(menu(page, 'Patient').locator('img')).toHaveCount(0);
  });

  test('Profile Settings on a desktop shows one language picker: its own labelled one', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const pickers = page.getByRole('combobox', { name: 'Language' });
    await visitOn(page, '/patient/profile-settings');
    await expect(main(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(pickers).toHaveCount(1);
    // Any other page keeps the header's.
    await visitOn(page, '/patient/security');
    await expect(
      page.getByRole('banner').getByRole('combobox', { name: 'Language' }),
    ).toBeVisible();
    await expect(pickers).toHaveCount(1);
  });

  test('changes the password and signs in with the new one', async () => {
    const old = patient.password;
    await changePassword(page, 'Patient', patient);
    await menu(page, 'Patient').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userToken'))).toBeNull();
    await expectAccessible(page);

    await visitOn(page, '/sign-in');
    await submitSignIn(page, patient.email, old);
    await expect(main(page).getByRole('alert')).toContainText('Incorrect email or password.');
    await submitSignIn(page, patient.email, patient.password);
    await expect(page).toHaveURL(/\/patient$/);
  });

  test('a session the server no longer knows ends with a message', async () => {
    // Swapped on the landing page, which sends nothing with the token: on an area page a request
    // in the background (the live events, a refetch) could meet the swapped token first and end
    // the session there, so the page opened next would have nothing left to say.
    await page.goto('/');
    // No refresh cookie to renew with; the hint that there is a session still opens the page.
    await page.context().clearCookies();
    await page
      .context()
      .addCookies([{ name: 'tend_session', value: '1', url: process.env.TEND_E2E_URL ?? '' }]);
    await page.evaluate(() => {
      sessionStorage.setItem('userType', 'patient');
      sessionStorage.setItem('userToken', 'not-a-real-token');
    });
    await page.goto('/patient/profile-settings');
    await expect(page).toHaveURL('/sign-in?next=%2Fpatient%2Fprofile-settings');
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userType'))).toBeNull();
    await expectAccessible(page);
  });

  test('signs out from the landing page header', async () => {
    await signIn(page, patient);
    await page.getByRole('link', { name: 'Tend home' }).click();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('banner');
    // Signing out from the landing header reloads the page (SPEC §4): wait for that reload to finish
    // before reading the page, or the read can race the navigation.
    await Promise.all([
      page.waitForEvent('load'),
      header.getByRole('button', { name: 'Sign Out' }).click(),
    ]);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userType'))).toBeNull();
    // The server ended the session too: the refresh cookie no longer works.
    const refresh = await page.request.post('/api/v1/auth/refresh');
    expect(refresh.status()).toBe(401);
    await expectAccessible(page);
  });
});

test.describe.serial('a doctor account', () => {
  let page: Page;
  const doctor = newAccount('doctor', 'Dana');

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('signs up as a doctor and lands in the doctor area', async () => {
    await signUp(page, doctor);
    await signIn(page, doctor);
    const nav = menu(page, 'Doctor');
    await expect(nav.getByText('Dana Okafor')).toBeVisible();
    await expect(nav.getByText('Doctor', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(DOCTOR_MENU_LINKS);
    await expectAccessible(page);
    await visitOn(page, areaPath(doctor));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');
  });

  test('a doctor is sent away from the patient area, to their own', async () => {
    await visitOn(page, '/patient/profile-settings');
    await expect(page).toHaveURL(/\/doctor$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');
  });

  test('edits and saves every profile field, the professional ones too', async () => {
    await openMenuPage(page, 'Doctor', 'Profile Settings');
    const form = main(page);
    const profile: Profile = {
      textboxes: [
        ['Number', '+44 20 7946 0000'],
        ['Address', '1 Harley Street'],
        ['City', 'London'],
        ['State', 'Greater London'],
        ['Post Code', 'W1G 9QD'],
        ['Country', 'United Kingdom'],
        ['Specialty', 'Cardiology'],
        ['Location', 'St Mary’s Clinic, London'],
        ['Years of experience', '12'],
        ['Consultation fee (EUR)', '85.5'],
        ['Short bio', 'Heart health for adults, with a focus on prevention.'],
      ],
      dateOfBirth: '1979-11-23',
      bloodGroup: 'O',
      timeZone: 'Europe/London',
    };
    await saveProfile(form, profile);
    await expect(menu(page, 'Doctor').getByText('St Mary’s Clinic, London')).toBeVisible();

    await visitOn(page, '/doctor/profile-settings');
    await expectProfile(form, profile);

    await openMenuPage(page, 'Doctor', 'Dashboard');
    await expect(main(page).getByText('Cardiology')).toBeVisible();
    await expect(main(page).getByText('Your profile is complete.')).toBeVisible();
    await expectAccessible(page);
  });

  test('uploads a profile picture that the menu shows', async () => {
    await openMenuPage(page, 'Doctor', 'Profile Settings');
    await uploadPicture(page, 'Doctor');
  });

  test('changes the password; a sign-out that cannot reach Tend still signs out here', async () => {
    await changePassword(page, 'Doctor', doctor);
    await page.route('**/api/v1/auth/sign-out', (route) => route.abort());
    await menu(page, 'Doctor').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText(/signed out on this device, but we could not reach Tend/),
    ).toBeVisible();
    await expectAccessible(page);
    await page.unroute('**/api/v1/auth/sign-out');
    await signIn(page, doctor);
  });

  test('deletes the account, after which it cannot sign in', async () => {
    await openMenuPage(page, 'Doctor', 'Profile Settings');
    await main(page).getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toBeFocused();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(main(page).getByRole('button', { name: 'Delete my account…' })).toBeFocused();

    await main(page).getByRole('button', { name: 'Delete my account…' }).click();
    await dialog.getByRole('textbox', { name: 'Password' }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByRole('textbox', { name: 'Password' }).fill(doctor.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Your account has been deleted/)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('userType'))).toBeNull();
    await expectAccessible(page);

    await visitOn(page, '/sign-in');
    await submitSignIn(page, doctor.email, doctor.password);
    await expect(main(page).getByRole('alert')).toContainText('Incorrect email or password.');
  });
});
