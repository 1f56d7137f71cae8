import { API_PREFIX, LIVE_REFRESH_HEADER, LIVE_REFRESH_VALUE } from '@tend/shared';
import type { z } from 'zod';
import {
  ApiRequestError,
  errorFromResponse,
  fetchOrExplain,
  readJson,
  unreadableResponseError,
} from './api-error';
import { currentLanguage, i18n } from '../i18n/i18n';
import { onBehalf } from './acting-for';
import { getUserToken } from './session';
import { endSession, refreshSession, tokenExpiresSoon } from './session-refresh';

export { ApiRequestError, NETWORK_ERROR_MESSAGE } from './api-error';

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * JSON-encoded, except FormData, which the browser encodes as multipart with its boundary, and a
   * Blob (a CSV file), sent as it is with its own type.
   */
  body?: unknown;
  /** Checks the response so a contract drift fails here, not deep inside a component. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** A refetch a live event asked for, not the person: a doctor's look is then recorded less often. */
  liveRefresh?: boolean;
};

// Expired or unknown to the server: a new access token from the refresh cookie may fix it.
const RENEWABLE_CODES = new Set(['token_expired', 'invalid_token']);

function send(
  url: string,
  { method = 'GET', body, signal, liveRefresh = false }: RequestOptions<unknown>,
  accept: string,
): Promise<Response> {
  // The server answers errors in the page's language (and an email it sends in the person's).
  const headers = new Headers({ Accept: accept, 'Accept-Language': currentLanguage() });
  const isForm = body instanceof FormData;
  const isBlob = body instanceof Blob;
  if (isBlob) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const token = getUserToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (liveRefresh) headers.set(LIVE_REFRESH_HEADER, LIVE_REFRESH_VALUE);
  return fetchOrExplain(url, {
    method,
    headers,
    body: body === undefined ? undefined : isForm || isBlob ? body : JSON.stringify(body),
    signal,
  });
}

/**
 * Sends a request with the bearer token when signed in. A token that is about to expire is renewed
 * first; one the server turns down as expired or unknown is renewed once and the request retried
 * (the server refuses before doing anything, so a retry cannot apply a change twice).
 */
function authorizedFetch(
  url: string,
  options: RequestOptions<unknown>,
  accept: string,
): Promise<Response> {
  return withSession(() => send(url, options, accept));
}

/**
 * The session handling of every call, around a sender of its own (an upload through
 * XMLHttpRequest, which reports progress): `sendRequest` reads the bearer token with
 * getUserToken() each time it runs, and runs again once after a renewal.
 */
export async function withSession(sendRequest: () => Promise<Response>): Promise<Response> {
  if (getUserToken() && tokenExpiresSoon()) await refreshSession();
  let response = await sendRequest();

  if (response.status === 401 && getUserToken()) {
    const error = await errorFromResponse(response);
    if (!RENEWABLE_CODES.has(error.code) || !(await refreshSession())) throw error;
    response = await sendRequest();
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    // An account disabled by the clinic loses its live sessions at once (DESIGN, "Identity").
    if (error.code === 'user_disabled' && getUserToken()) endSession(error.code);
    throw error;
  }
  return response;
}

/** Calls `/api/v1{path}` with JSON in and out, and the bearer token when signed in. */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  // While caring for someone, a call of a shared area names them (lib/acting-for.ts decides).
  const named = onBehalf(path, options.method ?? 'GET', options.body);
  const response = await authorizedFetch(
    `${API_PREFIX}${named.path}`,
    { ...options, body: named.body },
    'application/json',
  );
  const data = await readJson(response);
  if (!options.schema) return data as T;
  const result = options.schema.safeParse(data);
  if (!result.success) throw unreadableResponseError(response.status);
  return result.data;
}

/**
 * Downloads a file the API links to (a profile picture), with the bearer token an `<img src>`
 * could not send. Only API paths are accepted, so the token never leaves for another address.
 */
export async function apiBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!url.startsWith(`${API_PREFIX}/`)) {
    throw new ApiRequestError({
      status: 0,
      code: 'bad_url',
      message: i18n.t('common:errors.notOnTend'),
    });
  }
  const named = onBehalf(url.slice(API_PREFIX.length), 'GET', undefined);
  const response = await authorizedFetch(`${API_PREFIX}${named.path}`, { signal }, '*/*');
  return response.blob();
}
