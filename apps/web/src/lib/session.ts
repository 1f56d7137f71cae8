import { SESSION_KEYS, USER_TYPES, type UserType } from '@tend/shared';
import { useSyncExternalStore } from 'react';

// SPEC §3: `userType` (its presence means signed in) and `userToken` (the bearer token) live in
// sessionStorage, so a session ends when the tab closes.

const CHANGE_EVENT = 'tend:session-change';

// sessionStorage can throw (storage disabled, sandboxed frames); treat that as "signed out".
function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function isUserType(value: string | null): value is UserType {
  return (USER_TYPES as readonly (string | null)[]).includes(value);
}

export function getUserType(): UserType | null {
  const value = read(SESSION_KEYS.userType);
  return isUserType(value) ? value : null;
}

export function getUserToken(): string | null {
  return read(SESSION_KEYS.userToken);
}

export function saveSession(session: { userType: UserType; userToken: string }): void {
  window.sessionStorage.setItem(SESSION_KEYS.userType, session.userType);
  window.sessionStorage.setItem(SESSION_KEYS.userToken, session.userToken);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSession(): void {
  try {
    window.sessionStorage.removeItem(SESSION_KEYS.userType);
    window.sessionStorage.removeItem(SESSION_KEYS.userToken);
  } finally {
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }
}

/**
 * Sign-out from the landing header (SPEC §4): forget the session, then reload the page.
 * The one place to add the server call that ends the session on the API side.
 */
export function signOut(): void {
  clearSession();
  window.location.reload();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/** The stored user type, re-rendering when this tab signs in or out. */
export function useUserType(): UserType | null {
  return useSyncExternalStore(subscribe, getUserType, () => null);
}
