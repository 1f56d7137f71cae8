import { SESSION_KEYS, USER_TYPES, type UserType } from '@tend/shared';
import { useSyncExternalStore } from 'react';
import type { Notice } from './notice';

// SPEC §3: `userType` (its presence means signed in) and `userToken` (the bearer token) live in
// sessionStorage, so a session ends when the tab closes. The token's expiry time sits beside them
// so the refresh can be planned again after a reload.
const EXPIRES_AT_KEY = 'userTokenExpiresAt';

const CHANGE_EVENT = 'tend:session-change';

/** Where a guarded page sends the person once their session is gone, and what it tells them. */
export type SessionEnd = { redirectTo: '/' | '/sign-in'; notice?: Notice };

// Kept in memory only, and only briefly: the guard reads it right as the session goes. Later
// visits to a guarded page (Back, a bookmark) get the plain redirect to /sign-in again.
const END_NOTE_MS = 5_000;
let lastEnd: (SessionEnd & { at: number }) | null = null;

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

/** Milliseconds since the epoch when the stored token stops working, or null if unknown. */
export function getTokenExpiresAt(): number | null {
  const value = Number(read(EXPIRES_AT_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function saveSession(session: {
  userType: UserType;
  userToken: string;
  expiresAt: number;
}): void {
  lastEnd = null;
  window.sessionStorage.setItem(SESSION_KEYS.userType, session.userType);
  window.sessionStorage.setItem(SESSION_KEYS.userToken, session.userToken);
  window.sessionStorage.setItem(EXPIRES_AT_KEY, String(session.expiresAt));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets the session in this tab; `end` tells a guarded page where to go next. */
export function clearSession(end?: SessionEnd): void {
  lastEnd = end ? { ...end, at: Date.now() } : null;
  try {
    window.sessionStorage.removeItem(SESSION_KEYS.userType);
    window.sessionStorage.removeItem(SESSION_KEYS.userToken);
    window.sessionStorage.removeItem(EXPIRES_AT_KEY);
  } finally {
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }
}

/** How the session in this tab just ended, if the app ended it a moment ago. */
export function getSessionEnd(): SessionEnd | null {
  return lastEnd && Date.now() - lastEnd.at < END_NOTE_MS ? lastEnd : null;
}

export function subscribeToSession(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

/** The stored user type, re-rendering when this tab signs in or out. */
export function useUserType(): UserType | null {
  return useSyncExternalStore(subscribeToSession, getUserType, () => null);
}

/** The area a signed-in person belongs in (SPEC §4). */
export function areaPath(userType: UserType): '/doctor' | '/patient' {
  return userType === 'doctor' ? '/doctor' : '/patient';
}
