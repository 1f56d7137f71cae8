import { SESSION_HINT_COOKIE, SESSION_KEYS, USER_TYPES, type UserType } from '@tend/shared';
import { useSyncExternalStore } from 'react';
import '../i18n/common';
import { i18n } from '../i18n/i18n';
import type { Notice } from './notice';
import { readTabSession as read } from './tab-session';

export { hasSessionHint } from './tab-session';

// SPEC §3 keeps `userType` and `userToken` (the bearer token) in sessionStorage, and so do we: each
// tab holds its own access token, with its expiry beside it so the refresh can be planned again
// after a reload. Unlike SPEC §4, a tab without them is not signed out yet: when the browser holds
// the session hint, the tab asks for a token first (restoreSession), and tabs tell each other of
// signing in and out (decision 023).
const EXPIRES_AT_KEY = 'userTokenExpiresAt';

const CHANGE_EVENT = 'tend:session-change';

/** Where a guarded page sends the person once their session is gone, and what it tells them. */
export type SessionEnd = { redirectTo: '/' | '/sign-in'; notice?: Notice };

// Kept in memory only, and only briefly: the guard reads it right as the session goes. Later
// visits to a guarded page (Back, a bookmark) get the plain redirect to /sign-in again.
const END_NOTE_MS = 5_000;
let lastEnd: (SessionEnd & { at: number }) | null = null;

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
  const held = getUserToken() !== null;
  lastEnd = null;
  window.sessionStorage.setItem(SESSION_KEYS.userType, session.userType);
  window.sessionStorage.setItem(SESSION_KEYS.userToken, session.userToken);
  window.sessionStorage.setItem(EXPIRES_AT_KEY, String(session.expiresAt));
  window.dispatchEvent(new Event(CHANGE_EVENT));
  // Other tabs without a session (a landing page open beside) may now ask for theirs.
  if (!held) tellOtherTabs({ type: 'signed-in' });
}

const endListeners = new Set<() => void>();

/**
 * Calls `listener` whenever a session ends in this tab (signed out here or in another tab, or
 * ended by the server), and not when a tab merely starts without one; answers how to stop.
 */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Forgets the session in this tab only; `end` tells a guarded page where to go next. */
function forgetSession(end: SessionEnd | undefined): void {
  lastEnd = end ? { ...end, at: Date.now() } : null;
  forgetSessionHint();
  try {
    window.sessionStorage.removeItem(SESSION_KEYS.userType);
    window.sessionStorage.removeItem(SESSION_KEYS.userToken);
    window.sessionStorage.removeItem(EXPIRES_AT_KEY);
  } finally {
    for (const listener of endListeners) listener();
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }
}

/**
 * Forgets the session in this tab and, if this tab held it, in every other tab of the browser (they
 * share the refresh cookie, so its end is theirs); `end` tells a guarded page where to go next.
 */
export function clearSession(end?: SessionEnd): void {
  const held = getUserToken() !== null;
  forgetSession(end);
  if (held) tellOtherTabs({ type: 'signed-out', end: end ?? { redirectTo: '/' } });
}

// After a sign-out the server could not confirm, the refresh cookie may live on; without the hint
// no page load in this browser tries it (the server clears both whenever it can).
function forgetSessionHint(): void {
  try {
    document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // Cookies unavailable: nothing was kept either.
  }
}

let restoring = false;

/** This tab is asking for a token with the refresh cookie: guarded pages wait rather than redirect. */
export function beginRestore(): void {
  if (restoring) return;
  restoring = true;
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Where a tab goes when its ask for a token got no answer (offline, Tend busy or away). */
export function sessionUncheckedEnd(): SessionEnd {
  return {
    redirectTo: '/sign-in',
    notice: { tone: 'warning', message: i18n.t('common:notices.sessionUnchecked') },
  };
}

/** The ask is answered; `end`, when the tab is still without a session, says where to go and why. */
export function endRestore(end?: SessionEnd): void {
  if (!restoring) return;
  restoring = false;
  if (end && !getUserToken()) lastEnd = { ...end, at: Date.now() };
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function isRestoring(): boolean {
  return restoring;
}

/**
 * Resolves once this tab knows whether it is signed in: at once, or when the ask for a token that
 * is under way (a new tab, a reminder's link) has its answer.
 */
export function sessionSettled(): Promise<void> {
  if (!restoring) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeToSession(() => {
      if (restoring) return;
      stop();
      resolve();
    });
  });
}

/** Whether this tab is still finding out if it is signed in. */
export function useRestoring(): boolean {
  return useSyncExternalStore(subscribeToSession, isRestoring, () => false);
}

type TabMessage = { type: 'signed-in' } | { type: 'signed-out'; end: SessionEnd };

const CHANNEL_NAME = 'tend-session';
let channel: BroadcastChannel | null | undefined;

function tabsChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  }
  return channel;
}

function tellOtherTabs(message: TabMessage): void {
  try {
    tabsChannel()?.postMessage(message);
  } catch {
    // A closed channel (the page is going away): the other tabs learn on their next request.
  }
}

function isEnd(value: unknown): value is SessionEnd {
  if (typeof value !== 'object' || value === null) return false;
  const { redirectTo } = value as Record<string, unknown>;
  return redirectTo === '/' || redirectTo === '/sign-in';
}

/**
 * Follows the other tabs of this browser: a sign-out or an ended session there ends this tab's
 * at once; a sign-in there calls `onSignedIn` (to ask for a token of this tab's own).
 */
export function listenToOtherTabs(onSignedIn: () => void): void {
  tabsChannel()?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<TabMessage> | null;
    if (message?.type === 'signed-out' && isEnd(message.end)) {
      if (getUserToken() !== null) forgetSession(message.end);
    } else if (message?.type === 'signed-in' && getUserToken() === null) {
      onSignedIn();
    }
  });
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

const AREA_PATHS = { patient: '/patient', doctor: '/doctor', pharmacy: '/pharmacy' } as const;

/** The area a signed-in person belongs in (SPEC §4); each role its own, none a default. */
export function areaPath<T extends UserType>(userType: T): (typeof AREA_PATHS)[T] {
  return AREA_PATHS[userType];
}
