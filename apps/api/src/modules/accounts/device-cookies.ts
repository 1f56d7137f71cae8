import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@tend/shared';

export const DEVICE_COOKIE = 'tend_device';
// Only sign-in reads it; no other request carries it.
const COOKIE_PATH = `${API_PREFIX}/auth/sign-in`;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// A shared computer may vouch for a few people; the newest are kept.
const MAX_ACCOUNTS_PER_DEVICE = 5;
const ENTRY_SEPARATOR = '~';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account before carries a signed entry for it. The entry is a random nonce and an
 * HMAC of the nonce with the address and the account's password hash, so it names no one, cannot be
 * made for another account, and holds only while the password it was earned with does: a new
 * password (after a theft, say) ends every device's allowance. One cookie holds an entry per account
 * signed in on this browser.
 */
export function createDeviceCookies(secret: string) {
  // Its own key, so no other HMAC made under the token secret can pass for a device entry.
  const key = createHmac('sha256', secret).update('tend device cookie').digest();
  // The password hash (salted: every new password makes a new one) is only ever an input here.
  const macOf = (nonce: string, email: string, passwordHash: string) =>
    createHmac('sha256', key).update(`${nonce}:${email}:${passwordHash}`).digest();

  const entriesOf = (cookie: string | undefined) =>
    (cookie ?? '').split(ENTRY_SEPARATOR).filter((entry) => entry.length > 0);

  /**
   * The nonce of the entry vouching for this (normalized) address under its current password hash
   * (empty for an address with no account), or null when there is none.
   */
  function deviceFor(
    cookie: string | undefined,
    email: string,
    passwordHash: string,
  ): string | null {
    for (const entry of entriesOf(cookie).slice(0, MAX_ACCOUNTS_PER_DEVICE)) {
      const [nonce = '', mac = ''] = entry.split('.');
      const given = Buffer.from(mac, 'base64url');
      const expected = macOf(nonce, email, passwordHash);
      if (nonce && given.length === expected.length && timingSafeEqual(given, expected)) {
        return nonce;
      }
    }
    return null;
  }

  /** The cookie after a successful sign-in: a fresh entry for this address first, its old one gone. */
  function issue(cookie: string | undefined, email: string, passwordHash: string): string {
    const nonce = randomBytes(16).toString('base64url');
    const fresh = `${nonce}.${macOf(nonce, email, passwordHash).toString('base64url')}`;
    const others = entriesOf(cookie).filter(
      (entry) => deviceFor(entry, email, passwordHash) === null,
    );
    return [fresh, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE).join(ENTRY_SEPARATOR);
  }

  return { deviceFor, issue };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[DEVICE_COOKIE] : undefined;
}

export function setDeviceCookie(reply: FastifyReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    maxAge: MAX_AGE_SECONDS,
  });
}
