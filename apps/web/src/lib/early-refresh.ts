import { API_PREFIX, SESSION_KEYS } from '@tend/shared';
import { hasSessionHint, readTabSession } from './tab-session';

// The refresh a new tab's first script (boot.ts) sends before the app's code has arrived, and
// which the app's restore (session-refresh.ts) takes up instead of asking again (decision 044).
// The two are built apart (the boot script is a file of its own), so they meet on `window`.

declare global {
  interface Window {
    tendEarlyRefresh?: Promise<Response>;
  }
}

/** The Web Lock every refresh of this browser is sent under (session-refresh.ts). */
export const REFRESH_LOCK = 'tend-session-refresh';
export const REFRESH_URL = `${API_PREFIX}/auth/refresh`;

/** Sends POST /auth/refresh with the cookie, under the lock until the answer (and its new cookie) is in. */
function sendRefresh(): Promise<Response> {
  const ask = () =>
    fetch(REFRESH_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, ask) : ask();
}

/**
 * A tab with no token of its own in a browser that holds a session (a new tab, a reminder's link)
 * asks for one at once, while the app's code is still on its way.
 */
export function startEarlyRefresh(): void {
  if (readTabSession(SESSION_KEYS.userToken) !== null || !hasSessionHint()) return;
  const answer = sendRefresh();
  // Taken up by the app, which reads a failure itself; never left as an unhandled rejection.
  answer.catch(() => undefined);
  window.tendEarlyRefresh = answer;
}

/** Whether the boot script asked, and its answer has not been read yet. */
export function hasEarlyRefresh(): boolean {
  return typeof window !== 'undefined' && window.tendEarlyRefresh !== undefined;
}

/** The early refresh's answer, once: the app's restore reads it instead of asking again. */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const answer = window.tendEarlyRefresh;
  delete window.tendEarlyRefresh;
  return answer;
}
