import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, submitSignIn, visitOn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { nextMinuteUtc } from '../support/reminders.ts';
import { shootAll } from '../support/screenshots.ts';
import { recordUsed } from '../support/used-values.ts';

// Issue 26: signed in = a valid session (the refresh cookie), in every tab of the browser; a link
// from a reminder opens its page signed in; sign-out ends every tab (decision 023).

const main = (page: Page) => page.getByRole('main');
const header = (page: Page) => page.getByRole('banner');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Patient menu' });
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const CONFIRM_SUBJECT = /^Confirm your email address for Tend$/;

/** The page a Tend email links to, as a path on the test server. */
function pageLinkIn(text: string, page: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${page}[^\\s]*)`).exec(text);
  if (!match?.[1]) throw new Error(`no link to ${page} in the email`);
  return match[1];
}

/** Every answer to POST /auth/refresh in the browser context, from now on. */
function watchRefreshes(context: BrowserContext): number[] {
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith('/api/v1/auth/refresh')) statuses.push(response.status());
  });
  return statuses;
}

/** How many GET requests the page sends to each of `paths`, from now on. */
function watchGets(page: Page, paths: string[]): Record<string, number> {
  const counts = Object.fromEntries(paths.map((path) => [path, 0]));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path in counts) counts[path] = (counts[path] ?? 0) + 1;
  });
  return counts;
}

/** Whether the app itself (its entry script, which app.html's boot script loads) was asked for. */
function watchAppCode(page: Page): { loaded: boolean } {
  const seen = { loaded: false };
  page.on('request', (request) => {
    if (/\/assets\/index-[^/]*\.js$/.test(request.url())) seen.loaded = true;
  });
  return seen;
}

test.describe.serial('signed in in every tab, and from links in reminders', () => {
  // The dose reminder email comes at the next whole minute, up to a minute and a half away.
  test.describe.configure({ timeout: 240_000 });
  let first: Page;
  let context: BrowserContext;
  let api: APIRequestContext;
  let patient: ApiAccount;
  let refreshes: number[];
  const medication = `Tabsolol ${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser }) => {
    first = await openSharedPage(browser, { timezoneId: 'UTC' });
    context = first.context();
    refreshes = watchRefreshes(context);
    // The set-up talks to the API from a client of its own, so the browser's cookies stay its own.
    api = await playwrightRequest.newContext({ baseURL: process.env.TEND_E2E_URL });
    patient = await createAccountViaApi(api, 'patient', { firstname: 'Tova' });
    const token = await apiToken(api, patient);
    const auth = { Authorization: `Bearer ${token}` };
    // Reminders are emailed to confirmed addresses only: confirm it with the sign-up's link.
    const confirm = linkIn(await waitForMail(patient.email, CONFIRM_SUBJECT), 'verify-email');
    recordUsed('token', confirm.token);
    const confirmed = await api.post('/api/v1/auth/verify-email', {
      data: { token: confirm.token },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const created = await api.post('/api/v1/medications', {
      headers: auth,
      data: { name: medication, dosage: '5 mg', startdate: today, timefrequency: 'day' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const settings = await api.put('/api/v1/me/notification-settings', {
      headers: auth,
      data: {
        email: true,
        push: false,
        remindertimes: { day: nextMinuteUtc(40).time, afternoon: '14:00', night: '21:00' },
      },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    await signIn(first, patient);
  });
  test.afterAll(async () => {
    await api.dispose();
    await context.close();
  });

  test('a second tab opens the daily checklist directly, signed in', async () => {
    const second = await context.newPage();
    await visitOn(second, '/patient/daily-medication');
    await expect(second).toHaveURL(/\/patient\/daily-medication$/);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');
    await expect(main(second).getByRole('checkbox', { name: `${medication} 5 mg` })).toBeVisible();
    await shootAll(second, 'second-tab-daily-medication');
    await second.close();
  });

  /**
   * A second tab of a browser of its own, signed in as the patient, without the service worker:
   * its cache would hand the app's code past the holds these tests put on it.
   */
  async function newTabWithoutServiceWorker(browser: Browser): Promise<Page> {
    const signedIn = await openSharedPage(browser, { timezoneId: 'UTC', serviceWorkers: 'block' });
    await signIn(signedIn, patient);
    return signedIn.context().newPage();
  }

  test('a new tab asks for the checklist’s data while the page’s code is still on its way', async ({
    browser,
  }) => {
    const tab = await newTabWithoutServiceWorker(browser);
    const gets = watchGets(tab, ['/api/v1/medications', '/api/v1/me']);
    // The page's code is held back until the list has been asked for: without the route's
    // prefetch it would never come, and the checklist never show.
    const listAsked = new Promise<void>((resolve) => {
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/medications') resolve();
      });
    });
    await tab.route(/\/assets\/daily-medication-page-[^/]*\.js$/, async (route) => {
      await listAsked;
      await route.continue();
    });
    await visitOn(tab, '/patient/daily-medication');
    await expect(main(tab).getByRole('checkbox', { name: `${medication} 5 mg` })).toBeVisible();
    // The page's own queries found the answers rather than asking again.
    expect(gets).toEqual({ '/api/v1/medications': 1, '/api/v1/me': 1 });
    await tab.context().close();
  });

  test('a new tab asks for its token before the app’s code has come, and asks once', async ({
    browser,
  }) => {
    const tab = await newTabWithoutServiceWorker(browser);
    const asked: number[] = [];
    // The app's entry is held back until the refresh has been answered: only the page's boot
    // script asks that early, and without it the checklist would never show.
    const answered = new Promise<void>((resolve) => {
      tab.on('response', (response) => {
        if (!response.url().endsWith('/api/v1/auth/refresh')) return;
        asked.push(response.status());
        resolve();
      });
    });
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await answered;
      await route.continue();
    });
    await visitOn(tab, '/patient/daily-medication');
    await expect(main(tab).getByRole('checkbox', { name: `${medication} 5 mg` })).toBeVisible();
    // The app read the early answer rather than sending the cookie again.
    expect(asked).toEqual([200]);
    await tab.context().close();
  });

  test('two tabs opened at once both open signed in, taking turns with the refresh cookie', async () => {
    const before = refreshes.length;
    const [a, b] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([a.goto('/patient/medications'), b.goto('/patient/daily-medication')]);
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Medications');
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');
    // Each asked with the cookie the other's answer left: neither replayed a used one, which
    // would have ended the whole session.
    expect(refreshes.slice(before)).toEqual([200, 200]);
    await a.reload();
    await expect(main(a).getByRole('row', { name: new RegExp(medication) })).toBeVisible();
    await first.reload();
    await expect(first.getByRole('heading', { level: 1 })).toHaveText('Hello, Tova');
    await Promise.all([a.close(), b.close()]);
  });

  test('the landing page in another tab shows the signed-in header', async () => {
    const landing = await context.newPage();
    await visitOn(landing, '/');
    await expect(header(landing).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header(landing).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header(landing).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await landing.close();
  });

  test('/sign-in opened in another tab goes on to the area, or to the page it names', async () => {
    // A new tab holds no token of its own, only the browser's session hint: the sign-in page asks
    // for the session as the area pages do, rather than offer the form as if signed out.
    const tab = await context.newPage();
    await tab.goto('/sign-in');
    await expect(tab).toHaveURL(/\/patient$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Hello, Tova');
    await expectAccessible(tab);
    await tab.close();

    const named = await context.newPage();
    await named.goto(`/sign-in?next=${encodeURIComponent('/patient/medications')}`);
    await expect(named).toHaveURL(/\/patient\/medications$/);
    await expect(named.getByRole('heading', { level: 1 })).toHaveText('Medications');
    await expectAccessible(named);
    await named.close();
  });

  test('the link in a dose-reminder email opens its page signed in', async () => {
    const mail = await waitForMail(patient.email, new RegExp(`^Time for ${medication}`), {
      timeoutMs: 150_000,
    });
    const link = pageLinkIn(mail.text, '/patient');
    const fromMail = await context.newPage();
    await visitOn(fromMail, link);
    await expect(fromMail).toHaveURL(new RegExp(`${link}$`));
    await expect(fromMail.getByRole('heading', { level: 1 })).toHaveText('Hello, Tova');
    await expect(
      main(fromMail).getByRole('checkbox', { name: `${medication} 5 mg` }),
    ).toBeVisible();
    await fromMail.close();
  });

  test('signing out in one tab signs out every tab at once', async () => {
    const second = await context.newPage();
    await visitOn(second, '/patient/daily-medication');
    const landing = await context.newPage();
    await visitOn(landing, '/');
    await expect(header(landing).getByRole('button', { name: 'Sign Out' })).toBeVisible();

    const started = Date.now();
    await menu(first).getByRole('button', { name: 'Sign Out' }).click();
    await expect(first).toHaveURL(/\/$/);
    // Told by the first tab (a BroadcastChannel message), not found out by asking the server.
    await expect(second).toHaveURL(/\/$/);
    await expect(header(second).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header(landing).getByRole('link', { name: 'Sign In' })).toBeVisible();
    test.info().annotations.push({
      type: 'signed out in every tab after',
      description: `${Date.now() - started} ms`,
    });
    expect(await second.evaluate(() => sessionStorage.getItem('userToken'))).toBeNull();
    await expectAccessible(second);
    // The session is over on the server too, and the browser no longer holds its cookies; only the
    // device cookie stays, which vouches for this browser at the next sign-in (decision 020).
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['tend_device']);
    await Promise.all([second.close(), landing.close()]);
  });

  test('with the session gone, a link goes to sign-in without loading the app, then to its page', async () => {
    // The browser drops the refresh cookie and the hint together when they expire (same age).
    await signIn(first, patient);
    await context.clearCookies();
    const fromPush = await context.newPage();
    const app = watchAppCode(fromPush);
    const response = await fromPush.goto('/patient/daily-medication');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/patient\/daily-medication$/);
    await expect(fromPush).toHaveURL(/\/sign-in\?next=%2Fpatient%2Fdaily-medication$/);
    await expect(fromPush.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expectAccessible(fromPush);
    expect(app.loaded).toBe(false);

    await submitSignIn(fromPush, patient.email, patient.password);
    await expect(fromPush).toHaveURL(/\/patient\/daily-medication$/);
    await expect(
      main(fromPush).getByRole('checkbox', { name: `${medication} 5 mg` }),
    ).toBeVisible();
    await fromPush.close();
  });

  test('a refresh cookie the server refuses: sign-in with a message, then back to the page', async () => {
    const baseURL = process.env.TEND_E2E_URL ?? '';
    await context.clearCookies();
    await context.addCookies([
      { name: 'tend_session', value: '1', url: baseURL },
      { name: 'tend_refresh', value: 'not-a-real-token', url: `${baseURL}/api/v1/auth` },
    ]);
    const tab = await context.newPage();
    await tab.goto('/patient/medications');
    await expect(tab).toHaveURL(/\/sign-in\?next=%2Fpatient%2Fmedications$/);
    await expect(tab.getByText(SESSION_ENDED)).toBeVisible();
    await expectAccessible(tab);
    // The server cleared the hint with the refused cookie: the next load asks nothing.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('tend_session');

    await submitSignIn(tab, patient.email, patient.password);
    await expect(tab).toHaveURL(/\/patient\/medications$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Medications');
    await tab.close();
  });

  test('the page to return to is only ever a page of this site', async () => {
    const origin = new URL(process.env.TEND_E2E_URL ?? '').origin;
    for (const next of [
      '//evil.example/patient',
      'https://evil.example/patient',
      '/\\evil.example',
    ]) {
      await context.clearCookies();
      const tab = await context.newPage();
      await visitOn(tab, `/sign-in?next=${encodeURIComponent(next)}`);
      await submitSignIn(tab, patient.email, patient.password);
      await expect(tab).toHaveURL(`${origin}/patient`);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Hello, Tova');
      await tab.close();
    }
  });

  test('a password changed on another device signs every tab out, each saying why', async () => {
    const [a, b] = await Promise.all([context.newPage(), context.newPage()]);
    await visitOn(a, '/patient/medications');
    await visitOn(b, '/patient/daily-medication');
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');

    const elsewhere = await apiToken(api, patient);
    const newPassword = `${patient.password} changed`;
    recordUsed('password', newPassword);
    const changed = await api.post('/api/v1/me/password', {
      headers: { Authorization: `Bearer ${elsewhere}` },
      data: { oldPassword: patient.password, newPassword },
    });
    expect(changed.status(), await changed.text()).toBe(204);
    patient.password = newPassword;

    // Their live connection is ended at once; reconnecting, then renewing, is refused.
    await expect(a).toHaveURL(/\/sign-in\?next=%2Fpatient%2Fmedications$/);
    await expect(b).toHaveURL(/\/sign-in\?next=%2Fpatient%2Fdaily-medication$/);
    await expect(b.getByText(SESSION_ENDED)).toBeVisible();
    await expectAccessible(b);
    await Promise.all([a.close(), b.close()]);
  });
});
