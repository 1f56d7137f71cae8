import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for an emailed link; only the SHA-256 is stored, so a database leak opens no account. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
