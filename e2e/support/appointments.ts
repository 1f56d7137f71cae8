import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { apiToken, type ApiAccount } from './api-accounts.ts';

/**
 * Hours that offer slots whatever the UTC hour the tests run at: every day, all day, in UTC, an
 * hour per slot. A booking's week then always has free times, today or from tomorrow on.
 */
export const ALL_DAY_HOURS = {
  timezone: 'UTC',
  slotminutes: 60,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })),
  daysoff: [] as string[],
};

/** Calls the API as one person, with a token from signing in through the API. */
export async function apiAs(request: APIRequestContext, account: ApiAccount) {
  const token = await apiToken(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`/api/v1${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data }),
  };
}

/** A doctor's directory details and all-day hours, set through the API. */
export async function prepareDoctor(
  request: APIRequestContext,
  doctor: ApiAccount,
  profile: Record<string, unknown>,
  hours: typeof ALL_DAY_HOURS | null = ALL_DAY_HOURS,
) {
  const api = await apiAs(request, doctor);
  const update = await api.patch('/me/update', profile);
  expect(update.status(), await update.text()).toBe(200);
  if (hours) {
    const saved = await api.put('/me/availability', hours);
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

/**
 * The text of a downloaded PDF (poppler's pdftotext), to check what a receipt says. With `shot`,
 * its first page is also rendered (pdftoppm) into e2e/screenshots/ to be looked at.
 */
export async function pdfText(download: Download, shot?: string): Promise<string> {
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const quiet = { stdio: ['ignore', 'pipe', 'ignore'] as ('ignore' | 'pipe')[] };
  if (shot) {
    // The first shot of a run may be this one: nothing has made the folder yet.
    mkdirSync('e2e/screenshots', { recursive: true });
    execFileSync(
      'pdftoppm',
      ['-png', '-r', '80', '-singlefile', path, `e2e/screenshots/${shot}`],
      quiet,
    );
  }
  return execFileSync('pdftotext', ['-layout', path, '-'], quiet).toString();
}
