import { SESSION_HINT_COOKIE } from '@tend/shared';

// What a page reads of the session before any of the app has loaded: the boot script
// (early-refresh.ts) and the app's session (session.ts) share it.

/** A value of this tab's session storage; null when absent or unreadable (storage disabled, sandboxed frames). */
export function readTabSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Whether the browser says it holds a session (the hint cookie set beside the httpOnly refresh
 * cookie). Only a reason to ask the server; the refresh call decides.
 */
export function hasSessionHint(): boolean {
  try {
    return document.cookie.split('; ').includes(`${SESSION_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}
