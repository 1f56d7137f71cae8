import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { UserType } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  userId: string;
  role: UserType;
  sessionId: string;
}

export class TokenService {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .sign(this.#key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        (role !== 'patient' && role !== 'doctor')
      ) {
        throw new Error('claims missing');
      }
      return { userId: payload.sub, role, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new AppError(401, 'token_expired', 'Your session has expired. Please sign in again.');
      }
      throw new AppError(
        401,
        'invalid_token',
        'You are not signed in, or your session has ended. Please sign in.',
      );
    }
  }
}

/** Refresh tokens are 256 random bits; only their SHA-256 is stored, so a database leak gives nothing usable. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
