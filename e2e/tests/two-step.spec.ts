import { request as playwrightRequest, type Page } from '@playwright/test';
import { totp } from '../../apps/api/test/rfc6238.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, submitSignIn, visitOn } from '../support/accounts.ts';
import { createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';
import { recordUsed, watchTraffic } from '../support/used-values.ts';
import { waitForQuiet } from '../support/quiet.ts';

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

const main = (page: Page) => page.getByRole('main');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Patient menu' });

/**
 * The code of the step after now: the one the server took last (turning it on, signing in) may be
 * this step's, and a code is never taken twice; the next step's is inside the ±1 step window.
 */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

/** The 30-second step a code of `nextCode` belongs to, now. */
const nextStep = () => Math.floor(Date.now() / 30_000) + 1;

/** Submits the sign-in form and resolves with the challenge its answer holds. */
async function signInForChallenge(page: Page, email: string, password: string) {
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/auth/sign-in'),
  );
  await submitSignIn(page, email, password);
  const { challenge } = (await (await answer).json()) as { challenge: string };
  return challenge;
}

async function openSecurityPage(page: Page) {
  await menu(page).getByRole('link', { name: 'Sign-in and devices' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in and devices');
  await waitForQuiet(page);
}

async function signOut(page: Page) {
  await menu(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe.serial('two-step sign-in and signed-in devices', () => {
  test.describe.configure({ timeout: 180_000 });
  let page: Page;
  let patient: ApiAccount;
  let secret = '';
  let recoveryCodes: string[] = [];
  // The step of the last code from the app the server took: it takes none of that step or before.
  let lastStep = 0;

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser);
    patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Ines' });
    await signIn(page, patient);
  });
  test.afterAll(() => page.context().close());

  test('turns two-step sign-in on with the QR code’s secret and shows ten recovery codes', async () => {
    await openSecurityPage(page);
    await expect(main(page).getByText('Two-step sign-in is off.')).toBeVisible();
    await shootAll(page, 'security-off');

    const form = main(page);
    await form.getByLabel('Your password').fill('not my password');
    await form.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(form.getByText('This is not your current password.')).toBeVisible();
    await form.getByLabel('Your password').fill(patient.password);
    await form.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await expect(
      form.getByRole('img', { name: 'QR code to add Tend to your authenticator app' }),
    ).toBeVisible();
    secret = (await form.getByTestId('two-step-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    recordUsed('token', secret);
    await shootAll(page, 'security-qr');

    await form.getByLabel('Code from your authenticator app').fill('000000');
    await form.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(form.getByText(/That code is not right/).first()).toBeVisible();
    await form.getByLabel('Code from your authenticator app').fill(totp(secret, Date.now()));
    await form.getByRole('button', { name: 'Turn on', exact: true }).click();

    const codes = form.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allInnerTexts();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await shootAll(page, 'security-recovery-codes');
    await form.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(form.getByText('Two-step sign-in is on')).toBeVisible();
    await expect(form.getByText('You have 10 unused recovery codes.')).toBeVisible();
  });

  test('signs in with a code from the app after the password', async () => {
    await signOut(page);
    await visitOn(page, '/sign-in');
    await submitSignIn(page, patient.email, patient.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step sign-in');
    await expect(page).toHaveURL(/\/sign-in$/);
    await shootAll(page, 'sign-in-two-step');

    const form = main(page);
    await form.getByLabel('Code from your authenticator app').fill('123456');
    await form.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(form.getByText(/That code is not right/).first()).toBeVisible();
    lastStep = nextStep();
    await form.getByLabel('Code from your authenticator app').fill(nextCode(secret));
    await form.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Ines');
  });

  test('signs in with a recovery code, which then works no more', async () => {
    await signOut(page);
    await visitOn(page, '/sign-in');
    await submitSignIn(page, patient.email, patient.password);
    const form = main(page);
    await form.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await expect(form.getByLabel('Recovery code')).toBeVisible();
    await shootAll(page, 'sign-in-two-step-recovery');
    await form.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await form.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Ines');

    // The same code again, through the API as another device would: refused.
    const first = await page.request.post('/api/v1/auth/sign-in', {
      data: { email: patient.email, password: patient.password },
    });
    const { challenge } = (await first.json()) as { challenge: string };
    const again = await page.request.post('/api/v1/auth/sign-in/two-step', {
      data: { challenge, recoverycode: recoveryCodes[0] },
    });
    expect(again.status()).toBe(400);
  });

  test('lists the signed-in devices and signs one out', async ({ browser }) => {
    // Another device (its own cookies) signs in, with a recovery code: the app's code of this
    // step was just taken.
    const device = await browser.newContext({
      baseURL: process.env.TEND_E2E_URL,
      userAgent: FIREFOX_ON_WINDOWS,
      extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.251' },
    });
    const first = await device.request.post('/api/v1/auth/sign-in', {
      data: { email: patient.email, password: patient.password },
    });
    const { challenge } = (await first.json()) as { challenge: string };
    const other = await device.request.post('/api/v1/auth/sign-in/two-step', {
      data: { challenge, recoverycode: recoveryCodes[1] },
    });
    expect(other.status()).toBe(200);
    const { accessToken } = (await other.json()) as { accessToken: string };
    recordUsed('token', accessToken);
    await device.close();

    await openSecurityPage(page);
    const devices = main(page).getByRole('listitem').filter({ hasText: ' on ' });
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    const firefox = devices.filter({ hasText: 'Firefox on Windows' });
    await expect(firefox).toHaveCount(1);
    await expect(main(page).getByText('You have 8 unused recovery codes.')).toBeVisible();
    await shootAll(page, 'security-on');

    await firefox.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(main(page).getByText('Firefox on Windows is signed out.')).toBeVisible();
    await expect(firefox).toHaveCount(0);
    await expectAccessible(page);

    const ended = await page.request.get('/api/v1/me', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(ended.status()).toBe(401);
  });

  test('going back from the second step keeps the email typed, whether chosen or forced', async () => {
    await signOut(page);
    await visitOn(page, '/sign-in');
    const heading = page.getByRole('heading', { level: 1 });
    const email = main(page).getByRole('textbox', { name: 'Email' });
    await submitSignIn(page, patient.email, patient.password);
    await expect(heading).toHaveText('Two-step sign-in');
    await main(page).getByRole('button', { name: 'Sign in as someone else' }).click();
    await expect(heading).toHaveText('Sign in');
    await expect(email).toHaveValue(patient.email);
    await expect(email).toBeFocused();
    await expectAccessible(page);

    // The challenge is spent elsewhere (another device with a recovery code), so this one ends.
    const challenge = await signInForChallenge(page, patient.email, patient.password);
    await expect(heading).toHaveText('Two-step sign-in');
    const elsewhere = await playwrightRequest.newContext({ baseURL: process.env.TEND_E2E_URL });
    const spent = await elsewhere.post('/api/v1/auth/sign-in/two-step', {
      data: { challenge, recoverycode: recoveryCodes[2] },
    });
    expect(spent.status(), await spent.text()).toBe(200);
    recordUsed('token', ((await spent.json()) as { accessToken: string }).accessToken);
    await elsewhere.dispose();
    await main(page).getByLabel('Code from your authenticator app').fill('000000');
    await main(page).getByRole('button', { name: 'Verify and sign in' }).click();
    const ended = main(page).getByRole('alert').filter({ hasText: 'Please sign in again' });
    await expect(ended).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Sign in again' }).click();
    await expect(heading).toHaveText('Sign in');
    await expect(email).toHaveValue(patient.email);
    await expect(email).toBeFocused();

    await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(patient.password);
    await main(page).getByRole('button', { name: 'Sign In' }).click();
    await main(page).getByRole('button', { name: 'Use a recovery code instead' }).click();
    await main(page)
      .getByLabel('Recovery code')
      .fill(recoveryCodes[3] ?? '');
    await main(page).getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(heading).toHaveText('Hello, Ines');
  });

  test('turning two-step sign-in off says so in words, where focus is', async () => {
    await openSecurityPage(page);
    // A code of a step later than the last one taken: wait for the next step if need be.
    const wait = lastStep * 30_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 200);
    const form = main(page);
    await form.getByLabel('Your password').fill(patient.password);
    await form.locator('#turn-off-code').fill(nextCode(secret));
    await form.getByRole('button', { name: 'Turn off two-step sign-in' }).click();

    const status = form.getByRole('status').filter({ hasText: 'Two-step sign-in is off' });
    await expect(status).toHaveText(
      'Two-step sign-in is off. Your password alone signs you in from now on.',
    );
    await expect(status).toBeFocused();
    await expect(form.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
    await shootAll(page, 'security-turned-off');
  });
});

test('invites a doctor to set up two-step sign-in, until they say not now', async ({ browser }) => {
  // Two sign-ins, three dashboard loads and their axe checks: past a minute under CI's load.
  test.setTimeout(120_000);
  const page = await openSharedPage(browser);
  const doctor = await createAccountViaApi(page.request, 'doctor', { firstname: 'Omar' });
  await signIn(page, doctor);
  const invite = main(page).getByRole('note').filter({ hasText: 'two-step sign-in' });
  await expect(invite).toBeVisible();
  await expectAccessible(page);
  await invite.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/doctor\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in and devices');

  await visitOn(page, '/doctor');
  await invite.getByRole('button', { name: 'Not now: hide this suggestion' }).click();
  await expect(invite).toHaveCount(0);
  // Dismissed, it costs no request: the dashboard no longer asks whether two-step sign-in is on.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/me/two-step')) asked.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Omar');
  await waitForQuiet(page);
  await expect(invite).toHaveCount(0);
  expect(asked).toEqual([]);
  await page.context().close();
});

test('a clinic that requires two steps of doctors: one sets it up while signing in', async ({
  browser,
}) => {
  // Nine screenshots: more time than most tests.
  test.setTimeout(180_000);
  // REQUIRE_TWO_STEP is the server's setting: this test uses the second Tend of global-setup.ts.
  const serverUrl = process.env.TEND_E2E_TWO_STEP_URL ?? '';
  const api = await playwrightRequest.newContext({ baseURL: serverUrl });
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport: { width: 1280, height: 900 },
  });
  watchTraffic(context);
  try {
    const doctor = await createAccountViaApi(api, 'doctor', { firstname: 'Rafa' });
    const page = await context.newPage();
    const heading = page.getByRole('heading', { level: 1 });
    await visitOn(page, '/sign-in');
    await submitSignIn(page, doctor.email, doctor.password);
    await expect(heading).toHaveText('Set up two-step sign-in');
    await shootAll(page, 'sign-in-setup-required');

    const form = main(page);
    await form.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const key = form.getByTestId('two-step-secret');
    await expect(key).toBeVisible();
    const secret = (await key.innerText()).replace(/\s/g, '');
    recordUsed('token', secret);
    await shootAll(page, 'sign-in-setup-qr');

    await form.getByLabel('Code from your authenticator app').fill(totp(secret, Date.now()));
    await form.getByRole('button', { name: 'Turn on and sign in' }).click();
    const codes = form.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await shootAll(page, 'sign-in-setup-codes');
    await form.getByRole('button', { name: /^I have saved my codes/ }).click();
    await expect(page).toHaveURL(/\/doctor$/);
    await expect(heading).toHaveText('Hello, Rafa');
  } finally {
    // Each whatever became of the other (a test that ran out of time may find its context closed).
    await Promise.allSettled([context.close(), api.dispose()]);
  }
});
