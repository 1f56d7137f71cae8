import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret of 256 random bits (refresh tokens, emailed links, two-step sign-in challenges)
 * and the SHA-256 that is all the database keeps of it: with that much randomness a plain hash is
 * enough, and a leaked database opens nothing.
 */
export function newRandomToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRandomToken(token) };
}

/** The stored form of a token made by newRandomToken, to look a presented one up by. */
export function hashRandomToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
