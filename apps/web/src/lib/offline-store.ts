import { clear, createStore, get, set, update, type UseStore } from 'idb-keyval';
import { getUserToken } from './session';

/**
 * What Tend keeps on this device so today's checklist opens offline (DESIGN, "Interop and
 * reach"): a copy of the few answers the checklist reads, and the ticks made offline still to be
 * sent. All of it belongs to one signed-in person, is read back only for that person, and is
 * cleared when their session ends in this browser (sign-out, an ended session), so the next
 * person on a shared computer finds nothing of it.
 */
let store: UseStore | undefined;

/** The IndexedDB store, opened on first use (a page that never needs it never opens it). */
export function offlineStore(): UseStore {
  store ??= createStore('tend-offline', 'data');
  return store;
}

/** The signed-in person of this tab (the `sub` of its access token), or null when signed out. */
export function sessionOwner(): string | null {
  const token = getUserToken();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { sub } = JSON.parse(json) as { sub?: unknown };
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

export function readOffline<T>(key: string): Promise<T | undefined> {
  return get<T>(key, offlineStore());
}

export function writeOffline<T>(key: string, value: T): Promise<void> {
  return set(key, value, offlineStore());
}

/** Reads, changes and writes one value in a single IndexedDB transaction (tabs cannot interleave). */
export function updateOffline<T>(key: string, change: (value: T | undefined) => T): Promise<void> {
  return update<T>(key, change, offlineStore());
}

/** Forgets everything kept on this device for the person who was signed in. */
export function clearOfflineData(): Promise<void> {
  return clear(offlineStore());
}
