import { appendFileSync } from 'node:fs';
import type { APIRequestContext, APIResponse, BrowserContext } from '@playwright/test';
import { trackPendingRequests } from './quiet.ts';

/**
 * Every personal value the e2e tests send to Tend, appended to one file (TEND_E2E_USED_VALUES, set by
 * global-setup.ts) so the run's end can search the server log for each (log-privacy.ts). Appending one
 * short line at a time keeps parallel workers from interleaving within a line.
 */
export type ValueKind = 'email' | 'name' | 'medication' | 'password' | 'token';

export function recordUsed(kind: ValueKind, value: unknown): void {
  const file = process.env.TEND_E2E_USED_VALUES;
  if (!file || typeof value !== 'string' || value.trim() === '') return;
  appendFileSync(file, `${JSON.stringify({ kind, value })}\n`);
}

const FIELD_KINDS: Record<string, ValueKind> = {
  email: 'email',
  firstname: 'name',
  lastname: 'name',
  password: 'password',
  oldPassword: 'password',
  newPassword: 'password',
  accessToken: 'token',
  // Two-step sign-in: the authenticator secret, the sign-in challenge, a recovery code typed.
  secret: 'token',
  challenge: 'token',
  recoverycode: 'token',
};
// Medication fields that are health data; `name` is a medication's name only on these routes.
const MEDICATION_FIELDS = ['name', 'description', 'dosage', 'note'];

/** Records the personal fields of one request or response body sent to or by the API. */
export function recordBody(url: string, body: unknown): void {
  if (!body || typeof body !== 'object') return;
  for (const [field, value] of Object.entries(body)) {
    const kind = FIELD_KINDS[field];
    if (kind) recordUsed(kind, value);
    if (field === 'recoverycodes' && Array.isArray(value)) {
      for (const code of value) recordUsed('token', code);
    }
    if (/\/api\/v1\/medications/.test(url) && MEDICATION_FIELDS.includes(field)) {
      recordUsed('medication', value);
    }
    if (value && typeof value === 'object') recordBody(url, value);
  }
}

function recordHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') recordUsed('token', value.replace(/^Bearer\s+/i, ''));
    if (lower === 'set-cookie' || lower === 'cookie') {
      for (const match of value.matchAll(/tend_refresh=([^;,\s]+)/g)) recordUsed('token', match[1]);
    }
  }
}

async function recordResponse(url: string, response: APIResponse): Promise<void> {
  recordHeaders(response.headers());
  if (!/json/.test(response.headers()['content-type'] ?? '')) return;
  recordBody(url, await response.json().catch(() => null));
}

const TOKEN_ROUTES = /\/api\/v1\/auth\/(sign-in|refresh)$/;

/** Watches everything a browser context sends to the API and what the API hands back (tokens). */
export function watchTraffic(context: BrowserContext): void {
  // Every context the tests make passes through here, so it is where pages learn to settle (quiet.ts).
  trackPendingRequests(context);
  context.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    recordHeaders(request.headers());
    if (request.postData()) {
      let body: unknown = null;
      try {
        body = request.postDataJSON();
      } catch {
        // multipart uploads (pictures) carry no personal text fields
      }
      recordBody(request.url(), body);
    }
  });
  // Only the answers that hand out tokens are read: fetching every body would slow each page down.
  context.on('response', (response) => {
    if (!TOKEN_ROUTES.test(response.url())) return;
    void response.allHeaders().then(recordHeaders, () => undefined);
    void response.json().then(
      (body: unknown) => recordBody(response.url(), body),
      () => undefined,
    );
  });
}

type RequestOptions = { data?: unknown; headers?: Record<string, string> };
const SENDING = new Set(['get', 'post', 'put', 'patch', 'delete', 'fetch']);

/** The `request` fixture, recording the same way: API calls made outside any browser context. */
export function recordingRequests(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const original: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !SENDING.has(property) || typeof original !== 'function')
        return original;
      const send = original as (...args: unknown[]) => Promise<APIResponse>;
      return async (url: unknown, options: RequestOptions = {}) => {
        const href = typeof url === 'string' ? url : '';
        recordHeaders(options.headers ?? {});
        recordBody(href, options.data);
        const response = await send.call(target, url, options);
        await recordResponse(href, response);
        return response;
      };
    },
  });
}
