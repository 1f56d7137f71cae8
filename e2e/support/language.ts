import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { ApiAccount } from './api-accounts.ts';
import { apiAs } from './appointments.ts';

/**
 * Sets a signed-in person's profile language through the API and reloads their page: the profile's
 * language takes over from the browser's, as when they choose it in Profile Settings.
 */
export async function speakOnPage(page: Page, account: ApiAccount, language: 'en' | 'es') {
  const set = await (await apiAs(page.request, account)).patch('/me/update', { language });
  expect(set.status(), await set.text()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}
