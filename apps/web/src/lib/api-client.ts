import { API_PREFIX, apiErrorSchema } from '@tend/shared';
import type { z } from 'zod';
import { getUserToken } from './session';

export const NETWORK_ERROR_MESSAGE = 'Could not reach Tend. Check your connection and try again.';

/** A request that did not succeed, carrying what the server said in a form people can read. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Checks the response so a contract drift fails here, not deep inside a component. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

// Used when the body is not our error shape (a proxy page, an empty 502, …).
function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'The request could not be completed. Please try again.';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls `/api/v1{path}` with JSON in and out, and the bearer token when signed in. */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T> = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getUserToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }

  const data = await readJson(response);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    throw new ApiRequestError(
      parsed.success
        ? { status: response.status, ...parsed.data.error }
        : {
            status: response.status,
            code: 'http_error',
            message: fallbackMessage(response.status),
          },
    );
  }

  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiRequestError({
      status: response.status,
      code: 'unexpected_response',
      message: 'Tend sent a reply we could not read. Please reload the page and try again.',
    });
  }
  return result.data;
}
