import { apiErrorSchema } from '@tend/shared';
import '../i18n/common';
import { i18n } from '../i18n/i18n';

/** Said when the server could not be reached at all, in the page's language. */
export function networkErrorMessage(): string {
  return i18n.t('common:errors.network');
}

/**
 * The English of `networkErrorMessage()`, for callers that build a network error themselves: an
 * error with the code 'network_error' says it in the page's language whatever message it is given.
 */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Tend. Check your connection and try again.';

/** A request that did not succeed, carrying what the server said in a form people can read. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** The whole answer, for the few errors that carry more than words (an import's rows). */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    body?: unknown;
  }) {
    super(init.code === 'network_error' ? networkErrorMessage() : init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body;
  }
}

// Used when the body is not our error shape (a proxy page, an empty 502, …).
function fallbackMessage(status: number): string {
  if (status === 401) return i18n.t('common:errors.sessionEnded');
  if (status === 413) return i18n.t('common:errors.tooLarge');
  if (status === 429) return i18n.t('common:errors.tooManyRequests');
  if (status >= 500) return i18n.t('common:errors.server');
  return i18n.t('common:errors.failed');
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns a failed response into an ApiRequestError with the server's words when it sent some. */
export async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  const body = await readJson(response);
  const parsed = apiErrorSchema.safeParse(body);
  return new ApiRequestError(
    parsed.success
      ? { status: response.status, ...parsed.data.error, body }
      : { status: response.status, code: 'http_error', message: fallbackMessage(response.status) },
  );
}

export function unreadableResponseError(status: number): ApiRequestError {
  return new ApiRequestError({
    status,
    code: 'unexpected_response',
    message: i18n.t('common:errors.unreadable'),
  });
}

/** fetch, with a dropped connection reported in words instead of a TypeError. */
export async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({
      status: 0,
      code: 'network_error',
      message: networkErrorMessage(),
    });
  }
}
