import { apiErrorSchema } from '@tend/shared';

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
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body;
  }
}

// Used when the body is not our error shape (a proxy page, an empty 502, …).
function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 413) return 'That file is too large.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'The request could not be completed. Please try again.';
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
    message: 'Tend sent a reply we could not read. Please reload the page and try again.',
  });
}

/** fetch, with a dropped connection reported in words instead of a TypeError. */
export async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
}
