import { sessionResponseSchema, type SessionResponse } from '@tend/shared';
import '../i18n/common';
import { i18n } from '../i18n/i18n';
import { errorFromResponse, fetchOrExplain, readJson } from './api-error';
import { hasEarlyRefresh, REFRESH_LOCK, REFRESH_URL, takeEarlyRefresh } from './early-refresh';
import {
  beginRestore,
  clearSession,
  endRestore,
  getTokenExpiresAt,
  getUserToken,
  hasSessionHint,
  listenToOtherTabs,
  saveSession,
  sessionUncheckedEnd,
  subscribeToSession,
} from './session';

// SPEC §4 and §9: refresh 5 minutes before expiry; count a token as expired 30 s early; after a
// failed attempt retry from 30 s, doubling up to 16 minutes.
const REFRESH_LEAD_MS = 5 * 60_000;
const EARLY_EXPIRY_MS = 30_000;
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 16 * 60_000;

/** Stores a sign-in or refresh answer as this tab's session. */
export function storeSession(session: SessionResponse, now = Date.now()): void {
  saveSession({
    userType: session.userType,
    userToken: session.accessToken,
    expiresAt: now + session.expiresIn * 1000,
  });
}

/** True when the stored token is past (or within 30 s of) its expiry. */
export function tokenExpiresSoon(now = Date.now()): boolean {
  const expiresAt = getTokenExpiresAt();
  return expiresAt !== null && expiresAt - EARLY_EXPIRY_MS <= now;
}

let lastRefreshAt = 0;

/** How a refresh went: a new token stored, the cookie refused (the session is over), or no answer. */
type Outcome = 'renewed' | 'refused' | 'unavailable';

/**
 * Asks for a new access token with the refresh cookie. `restore` is for a tab that holds no token
 * yet (a new tab, a link from an email): it asks all the same, on the browser's session hint.
 */
async function requestRefresh(mode: 'renew' | 'restore'): Promise<Outcome> {
  // Signed out meanwhile: there is nothing left to renew.
  const stillWanted = () => mode === 'restore' || getUserToken() !== null;
  if (!stillWanted()) return 'unavailable';
  let response: Response;
  try {
    // A new tab's boot script (boot.ts) may have asked already, before this code arrived.
    const early = mode === 'restore' ? takeEarlyRefresh() : undefined;
    response = await (early ??
      fetchOrExplain(REFRESH_URL, { method: 'POST', headers: { Accept: 'application/json' } }));
  } catch {
    // Offline: keep the session; the next call or the retry timer tries again.
    return 'unavailable';
  }
  if (!stillWanted()) return 'unavailable';

  if (response.ok) {
    const parsed = sessionResponseSchema.safeParse(await readJson(response));
    if (!parsed.success) return 'unavailable';
    lastRefreshAt = Date.now();
    storeSession(parsed.data);
    return 'renewed';
  }
  // The server refused the refresh cookie: this session is over (a 429 or 5xx is not a verdict).
  if (response.status === 401 || response.status === 403) {
    endSession((await errorFromResponse(response)).code);
    return 'refused';
  }
  return 'unavailable';
}

/**
 * Forgets a session the server has ended; a guarded page then sends the person to sign in, told
 * why in words.
 */
export function endSession(code: string): void {
  const message = i18n.t(
    code === 'user_disabled' ? 'common:errors.userDisabled' : 'common:errors.sessionEnded',
  );
  clearSession({ redirectTo: '/sign-in', notice: { tone: 'warning', message } });
}

// The refresh cookie rotates on every use and a replayed one ends the whole session, so two tabs
// of this browser must never send the same cookie at once (two tabs opened together both ask): a
// Web Lock serialises them, and the second sends the cookie the first one's answer set.
function withTabLock(task: () => Promise<Outcome>): Promise<Outcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

let inFlight: Promise<Outcome> | null = null;

// The early refresh's answer may have cleared the hint already (a refused cookie): its answer
// still has to be read, to say why the tab is signed out.
const mayHoldSession = () => hasSessionHint() || hasEarlyRefresh();

function refreshOnce(mode: 'renew' | 'restore'): Promise<Outcome> {
  inFlight ??= withTabLock(() => requestRefresh(mode)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Renews the access token with the refresh cookie; resolves true when a new one is stored.
 * Concurrent callers share one request. A refused refresh clears the session, which sends a
 * guarded page to /sign-in with the reason.
 */
export async function refreshSession(): Promise<boolean> {
  return (await refreshOnce('renew')) === 'renewed';
}

/**
 * Gives a tab without a token one, when the browser holds the session hint: guarded pages wait for
 * the answer (beginRestore) and then show, or go to /sign-in. Resolves true when signed in.
 */
export async function restoreSession(): Promise<boolean> {
  if (getUserToken() || !mayHoldSession()) {
    endRestore(); // a wait the page's start began, which has nothing left to wait for
    return getUserToken() !== null;
  }
  beginRestore();
  let outcome: Outcome = 'unavailable';
  try {
    outcome = await refreshOnce('restore');
  } finally {
    // Refused: endSession already said why. No answer: say that, rather than "signed out".
    endRestore(outcome === 'unavailable' ? sessionUncheckedEnd() : undefined);
  }
  return outcome === 'renewed';
}

let timer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

async function runPlannedRefresh(): Promise<void> {
  timer = undefined;
  if (await refreshSession()) {
    retryDelay = RETRY_FIRST_MS;
    return; // storing the new session plans the next refresh
  }
  if (!getUserToken()) return;
  timer = setTimeout(() => void runPlannedRefresh(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

function plan(): void {
  clearTimeout(timer);
  timer = undefined;
  const expiresAt = getTokenExpiresAt();
  if (!getUserToken() || expiresAt === null) return;
  const now = Date.now();
  const remaining = expiresAt - now;
  // A token just issued with less than 5 minutes to live would otherwise be renewed in a loop.
  const floor = now - lastRefreshAt < 60_000 ? remaining / 2 : 0;
  timer = setTimeout(() => void runPlannedRefresh(), Math.max(remaining - REFRESH_LEAD_MS, floor));
}

let started = false;

/** Keeps this tab's token fresh from now on: at once if it is near expiry, then before each expiry. */
export function startSessionRefresh(): void {
  if (!started) {
    started = true;
    subscribeToSession(plan);
  }
  plan();
}

/**
 * At the start of a page: plans the refresh of the token this tab holds, or, without one, asks
 * for one on the browser's session hint (a new tab, a link from an email or a notification).
 */
export async function resumeSession(): Promise<void> {
  if (getUserToken() || (await restoreSession())) startSessionRefresh();
}

/**
 * The start of a page that follows the session (the app's entry, the sign-in page's): resumes the
 * token this tab holds, or asks for one on the browser's session hint (a new tab, a link from an
 * email), which marks the tab "being restored" before its first render; and follows the other
 * tabs: a sign-out there ends this tab's session at once, a sign-in there gives it one (decision
 * 023).
 */
export function resumeSessionOnStart(): void {
  // A failed ask has already said so through restoreSession; the next call retries.
  const resume = () => void resumeSession().catch(() => undefined);
  if (getUserToken() || mayHoldSession()) resume();
  listenToOtherTabs(resume);
}
