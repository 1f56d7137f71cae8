import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible } from '../fixtures.ts';
import { recordUsed, watchTraffic } from './used-values.ts';
import { waitForQuiet } from './quiet.ts';

// People for the account specs. The server allows 10 registrations an hour and 30 sign-ins per
// 15 minutes from one address; the e2e server trusts X-Forwarded-For (global-setup.ts), so each
// serial flow runs in a browser context with an address of its own, as different people would.

/** A person the flow signs up itself (accounts for other specs: api-accounts.ts). */
export type TestAccount = {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  userType: 'patient' | 'doctor' | 'pharmacy';
};

let counter = 0;

export function newAccount(userType: TestAccount['userType'], firstname: string): TestAccount {
  counter += 1;
  const account: TestAccount = {
    email: `${userType}.${Date.now()}.${process.pid}.${counter}@example.org`,
    password: `Tend-e2e-${userType}-passphrase-${counter}`,
    firstname,
    lastname: userType === 'doctor' ? 'Okafor' : 'Lindqvist',
    userType,
  };
  recordUsed('email', account.email);
  recordUsed('password', account.password);
  return account;
}

/** The links of the patient's menu, in order: every page built for a patient, and nothing unbuilt. */
export const PATIENT_MENU_LINKS = [
  'Dashboard',
  'Appointment',
  'Medical Report',
  'Prescriptions',
  'Create Medication',
  'Medication',
  'Daily Medication',
  'Health',
  'My Doctors',
  'People who help me',
  'Pharmacies',
  'Messages',
  'Notification Settings',
  'Profile Settings',
  'Change Password',
  'Sign-in and devices',
];

/** The links of the doctor's menu, in order. */
export const DOCTOR_MENU_LINKS = [
  'Dashboard',
  'Appointments',
  'Tracking Medication',
  'Medical Report',
  'Messages',
  'Availability',
  'Notification Settings',
  'Profile Settings',
  'Change Password',
  'Sign-in and devices',
];

export const areaPath = (account: Pick<TestAccount, 'userType'>) => `/${account.userType}`;

let contexts = 0;

/**
 * One page kept across the tests of a serial flow, so its session (sessionStorage) survives, with
 * a client address of its own (TEST-NET-1, 192.0.2.0/24: never a real host).
 */
export async function openSharedPage(
  browser: Browser,
  options: { timezoneId?: string; locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const baseURL = process.env.TEND_E2E_URL;
  if (!baseURL) throw new Error('TEND_E2E_URL is not set');
  contexts += 1;
  const address = `192.0.2.${((process.pid * 7 + contexts) % 250) + 1}`;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address },
    ...options,
  });
  watchTraffic(context);
  return context.newPage();
}

/** Like the `visit` fixture, for a page that is not the test's own: go there and run axe. */
export async function visitOn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForQuiet(page);
  await expectAccessible(page);
}

/** Fills in the sign-in form; does not wait for where it leads. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Drops the browser's session cookies (refresh and hint), keeping its device cookie: /sign-in sends
 * a browser that holds a session on to its area (decision 023), and setting up data through the API
 * with the page's own request context (apiToken) leaves one there that the person never made.
 */
export async function forgetBrowserSession(page: Page): Promise<void> {
  await page.context().clearCookies({ name: /^tend_(refresh|session)$/ });
}

/** Signs in through the form (as someone new to this browser) and waits for the person's area. */
export async function signIn(
  page: Page,
  account: Pick<TestAccount, 'email' | 'password' | 'firstname' | 'userType'>,
  password = account.password,
) {
  await forgetBrowserSession(page);
  await visitOn(page, '/sign-in');
  await submitSignIn(page, account.email, password);
  await expect(page).toHaveURL(new RegExp(`${areaPath(account)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${account.firstname}`);
}

/** A real 8×8 PNG (a teal square), small enough to upload anywhere. */
export const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgL8vDihiGlgQApWE8wfekj3cAAAAASUVORK5CYII=',
  'base64',
);
