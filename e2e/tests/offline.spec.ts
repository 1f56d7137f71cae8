import type { Page, Request } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { openSharedPage, signIn, visitOn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi, type ApiAccount } from '../support/api-accounts.ts';
import { shootAll } from '../support/screenshots.ts';

// DESIGN, "Interop and reach": installable; the day's checklist opens offline; a tick made offline
// is sent when the connection returns, never twice. The patient lives in UTC, like this browser.
const today = new Date().toISOString().slice(0, 10);
const main = (page: Page) => page.getByRole('main');

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's header (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What Tend keeps in this browser's IndexedDB for offline use, by key (lib/offline-store.ts). */
function keptOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('tend-offline');
        open.onerror = () => reject(new Error('IndexedDB would not open'));
        open.onupgradeneeded = () => open.result.createObjectStore('data');
        open.onsuccess = () => {
          const keys = open.result.transaction('data').objectStore('data').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String).sort());
          };
          keys.onerror = () => reject(new Error('IndexedDB would not read'));
        };
      }),
  );
}

test('the web app manifest: name, icons of 192 and 512 px that load, start URL, standalone', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/sign-in', '/sign-up']) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
  }
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Tend',
    short_name: 'Tend',
    start_url: '/sign-in',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

  for (const size of [192, 512]) {
    const icon = manifest.icons.find(
      (i) => i.sizes === `${size}x${size}` && i.purpose !== 'maskable',
    );
    expect(icon, `an icon of ${size}×${size}`).toBeDefined();
    const file = await request.get(icon?.src ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual({ width: size, height: size });
  }
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(pngSize(await file.body())).toEqual({
      width: Number(icon.sizes.split('x')[0]),
      height: Number(icon.sizes.split('x')[1]),
    });
  }
});

test('when the app’s code cannot be fetched, the page says so in its language', async ({
  browser,
}) => {
  for (const [language, title, advice] of [
    ['en', 'Tend could not load', 'Check your connection and reload the page.'],
    ['es', 'Tend no ha podido cargarse', 'Compruebe la conexión y vuelva a cargar la página.'],
  ] as const) {
    // No service worker: its kept copy of the code would answer in place of the network.
    const page = await openSharedPage(browser, { serviceWorkers: 'block' });
    await page.addInitScript((chosen) => localStorage.setItem('tend.language', chosen), language);
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/sign-up');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(alert).toContainText(advice);
    // The spinner gave way to the words: nothing says it is still loading.
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessible(page);
    await page.context().close();
  }
});

test.describe.serial('the checklist offline: opened, ticked, sent once when back online', () => {
  test.describe.configure({ timeout: 120_000 });
  let page: Page;
  let patient: ApiAccount;
  let token = '';
  let medicationId = '';
  let refusedId = '';
  const medication = `Offlinol ${Date.now().toString(36)}`;
  // Deleted on another device while its tick waits here: the server refuses that tick.
  const refused = `Refusol ${Date.now().toString(36)}`;
  const doseWrites: Request[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await openSharedPage(browser, { timezoneId: 'UTC' });
    patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Olga' });
    token = await apiToken(page.request, patient);
    const create = async (name: string) => {
      const created = await page.request.post('/api/v1/medications', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name, dosage: '5 mg', startdate: today, timefrequency: 'day' },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { _id: string })._id;
    };
    medicationId = await create(medication);
    refusedId = await create(refused);
    // Every write of a dose this page sends, however it is sent (the checklist or its queue).
    page.context().on('request', (req) => {
      if (req.method() !== 'GET' && /\/api\/v1\/medications\//.test(req.url()))
        doseWrites.push(req);
    });
    await signIn(page, patient);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  const checkbox = () => main(page).getByRole('checkbox', { name: `${medication} 5 mg` });
  const refusedBox = () => main(page).getByRole('checkbox', { name: `${refused} 5 mg` });

  test('after the first load the service worker controls the page', async () => {
    await visitOn(page, '/patient/daily-medication');
    await expect(checkbox()).not.toBeChecked();
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(worker).toMatch(/\/sw\.js$/);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
      .toMatch(/\/sw\.js$/);
    // The checklist's answers are kept on the device for the signed-in person.
    await expect.poll(() => keptOnDevice(page)).toContain('query-cache');
  });

  test('offline, a reload still shows today’s doses', async () => {
    await page.context().setOffline(true);
    const response = await page.reload();
    // The page came from the worker's copy: the server was not reached.
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');
    await expect(main(page).getByText('You are offline')).toBeVisible();
    await expect(checkbox()).toBeVisible();
    await expect(checkbox()).not.toBeChecked();
    await expectAccessible(page);

    // A page whose code the device has not kept says so, and leads back to the checklist.
    await page
      .getByRole('navigation', { name: 'Patient menu' })
      .getByRole('link', { name: 'Health', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline.');
    await expect(page.getByText(/This page needs a connection to Tend/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Daily Medication' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daily Medication');
    await expect(checkbox()).toBeVisible();
  });

  test('a tick made offline waits on the device, through a reload', async () => {
    await checkbox().check();
    await expect(checkbox()).toBeChecked();
    await expect(main(page).getByText('Waiting to be sent')).toBeVisible();
    await expect(main(page).getByText(/1 tick is waiting/)).toBeVisible();
    await refusedBox().check();
    await expect(main(page).getByText(/2 ticks are waiting/)).toBeVisible();
    expect(doseWrites).toHaveLength(0);

    await page.reload();
    await expect(checkbox()).toBeChecked();
    await expect(refusedBox()).toBeChecked();
    await expect(main(page).getByText('Waiting to be sent')).toHaveCount(2);
    await shootAll(page, 'offline-checklist', { ready: checkbox() });
  });

  test('back online, the tick is sent once and the server has the dose once', async () => {
    // Meanwhile, on another device, the patient deleted one of the two.
    const deleted = await page.request.delete(`/api/v1/medications/${refusedId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(deleted.status()).toBe(204);

    await page.context().setOffline(false);
    await expect(main(page).getByText('Waiting to be sent')).toHaveCount(0);
    await expect(main(page).getByText('You are offline')).toHaveCount(0);
    await expect(checkbox()).toBeChecked();
    // The refused tick is said in words, and its medication is gone from the list.
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText('Not saved');
    await expect(alert).toContainText(
      `${refused} · Day as taken on ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date())}: It is no longer on your list of medications.`,
    );
    await expect(refusedBox()).toHaveCount(0);
    await shootAll(page, 'offline-checklist-refused', { ready: checkbox() });

    // Reloaded online, nothing is left to send, and nothing is sent again.
    await visitOn(page, '/patient/daily-medication');
    await expect(checkbox()).toBeChecked();
    // Each queued tick was sent once, as the day's dose state; nothing else was written.
    expect(doseWrites.map((req) => `${req.method()} ${new URL(req.url()).pathname}`)).toEqual([
      `PUT /api/v1/medications/${medicationId}/doses/${today}`,
      `PUT /api/v1/medications/${refusedId}/doses/${today}`,
    ]);

    const history = await page.request.get(`/api/v1/medications/${medicationId}/doses`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(history.status()).toBe(200);
    const { doses } = (await history.json()) as { doses: { date: string; taken: boolean }[] };
    expect(doses).toEqual([{ date: today, taken: true }]);
    const listed = await page.request.get('/api/v1/medications', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { medications } = (await listed.json()) as {
      medications: { _id: string; taken: boolean }[];
    };
    expect(medications.find((m) => m._id === medicationId)?.taken).toBe(true);
  });

  test('signing out clears what was kept on the device', async () => {
    expect(await keptOnDevice(page)).toContain('query-cache');
    await page
      .getByRole('navigation', { name: 'Patient menu' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => keptOnDevice(page)).toEqual([]);
  });
});
