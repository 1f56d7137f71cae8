/**
 * A one-off message for the next page ("Your account is ready…", "Your session has ended…").
 * It travels in the router's navigation state; a full reload (sign-out from the landing header)
 * loses that state, so for that case it is parked in sessionStorage and picked up once at start.
 */
import '../i18n/common';
import { i18n } from '../i18n/i18n';

export type NoticeTone = 'success' | 'info' | 'warning';
export type Notice = { message: string; tone: NoticeTone };

/**
 * Sign-out could not reach the server, so the session may live on elsewhere until it expires. In
 * the page's language when it is made (a notice keeps the words it was made with).
 */
export function signedOutLocallyNotice(): Notice {
  return { tone: 'warning', message: i18n.t('common:notices.signedOutLocally') };
}

const STASH_KEY = 'tendNotice';

function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const { message, tone } = value as Record<string, unknown>;
  return (
    typeof message === 'string' && (tone === 'success' || tone === 'info' || tone === 'warning')
  );
}

/** Navigation state that carries a notice: `navigate(to, { state: noticeState(n) })`. */
export function noticeState(notice: Notice): { notice: Notice } {
  return { notice };
}

/** The notice in a location's state, if any (state can hold anything, so it is checked). */
export function noticeFromState(state: unknown): Notice | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  return isNotice(notice) ? notice : null;
}

/** Keeps a notice across the next full page load. */
export function stashNotice(notice: Notice): void {
  try {
    window.sessionStorage.setItem(STASH_KEY, JSON.stringify(notice));
  } catch {
    // Storage unavailable: the message is lost, the sign-out itself still happened.
  }
}

let stashed: Notice | null | undefined;

/**
 * The notice parked before this page load, removed from storage on first read. Later calls return
 * the same value, so components may call it while rendering (React can render twice).
 */
export function stashedNotice(): Notice | null {
  if (stashed !== undefined) return stashed;
  stashed = null;
  try {
    const raw = window.sessionStorage.getItem(STASH_KEY);
    window.sessionStorage.removeItem(STASH_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    stashed = isNotice(parsed) ? parsed : null;
  } catch {
    stashed = null;
  }
  return stashed;
}
