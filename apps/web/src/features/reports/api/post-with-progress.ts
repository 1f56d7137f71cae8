import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error';
import { getUserToken } from '../../../lib/session';

export type UploadProgress = { loaded: number; total: number };

type Options = { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal };

// Statuses whose Response may not carry a body (the constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * POSTs a form with XMLHttpRequest, which reports how much of the body has gone (fetch does not),
 * with the bearer token of the moment, and answers as fetch would, so the api client's session
 * handling (lib/api-client.ts, withSession) can judge the answer like any other.
 */
export function postWithProgress(url: string, body: FormData, options: Options): Promise<Response> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'blob';
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getUserToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const status = xhr.status;
      if (status < 200 || status > 599) {
        reject(
          new ApiRequestError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE }),
        );
        return;
      }
      const responseBody = NULL_BODY_STATUSES.has(status) ? null : (xhr.response as Blob);
      resolve(new Response(responseBody, { status, headers: headersOf(xhr) }));
    });
    xhr.addEventListener('error', () =>
      reject(
        new ApiRequestError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE }),
      ),
    );
    xhr.addEventListener('abort', () => reject(abortError()));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
