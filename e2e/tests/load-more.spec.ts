import { expect, test } from '../fixtures.ts';
import { openSharedPage, signIn } from '../support/accounts.ts';
import { apiToken, createAccountViaApi } from '../support/api-accounts.ts';

// One more than a page (the API's default of 50), so the list ends after a second, short page.
const MEDICATIONS = 51;

test('the medications page loads the first 50 and the rest on "Load more medications"', async ({
  browser,
}) => {
  const page = await openSharedPage(browser);
  const patient = await createAccountViaApi(page.request, 'patient', { firstname: 'Lena' });
  const token = await apiToken(page.request, patient);
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 1; i <= MEDICATIONS; i += 1) {
    const res = await page.request.post('/api/v1/medications', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Pill ${String(i).padStart(2, '0')}`, startdate: today, timefrequency: 'day' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, patient);
  await page.goto('/patient/medications');
  const main = page.getByRole('main');
  const view = (name: string) =>
    main.getByRole('link', { name: `View ${name} · Day`, exact: true });
  await expect(view('Pill 50')).toBeVisible();
  await expect(view('Pill 51')).toHaveCount(0);

  await main.getByRole('button', { name: 'Load more medications' }).click();
  await expect(view('Pill 51')).toBeVisible();
  await expect(view('Pill 01')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Load more medications' })).toHaveCount(0);
  await page.context().close();
});
