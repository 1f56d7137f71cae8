import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A feed's address is not stored (docs/decisions/013): it is derived from a random per-person key and
 * the server's secret, so a copy of the database alone opens no feed, yet the person can be shown
 * their address again at any time.
 */
export function newFeedKey(): string {
  return randomBytes(16).toString('base64url');
}

/** 256 bits, base64url (43 characters): the part of the address that authorises reading the feed. */
export function feedSecret(serverSecret: string, feedKey: string): string {
  return createHmac('sha256', serverSecret).update(`calendar-feed:${feedKey}`).digest('base64url');
}

/** What a feed request is looked up by; a plain hash suffices for 256 random bits. */
export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A well-formed secret; anything else is answered like an unknown one, without a database read. */
export const FEED_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
