import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { USER_TYPES, type UserType } from '@tend/shared';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

const isUserType = (role: unknown): role is UserType =>
  (USER_TYPES as readonly unknown[]).includes(role);

// The one header Tend signs with; any other algorithm (none, RS256 with our secret as a "public
// key", …) is refused before its claims are read.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
// Far above a real token (about 250 characters): nothing longer is worth hashing.
const MAX_TOKEN_LENGTH = 2048;
/** About 300 bytes each: a busy instance's signed-in people, a few MB at most. */
const MAX_CHECKED_TOKENS = 10_000;

const invalid = () =>
  new AppError(
    401,
    'invalid_token',
    'You are not signed in, or your session has ended. Please sign in.',
  );
const expired = () =>
  new AppError(401, 'token_expired', 'Your session has expired. Please sign in again.');

function decodeJson(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * HS256 access tokens (RFC 7519), signed and checked with node:crypto. Verifying is synchronous: it
 * runs on every authenticated request, where WebCrypto's promise-based HMAC (jose) cost more than the
 * rest of the check (docs/decisions/015). Every claim check jose made is kept: the algorithm, the
 * signature (compared in constant time), exp, nbf and iat as numbers, the subject, role and session.
 */
export class TokenService {
  readonly #key: KeyObject;
  // Tokens whose signature and claims were checked: a client sends the same one for up to an hour.
  readonly #checked = new Map<string, { claims: AccessClaims; exp: number; nbf?: number }>();

  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  #mac(signingInput: string): Buffer {
    return createHmac('sha256', this.#key).update(signingInput).digest();
  }

  sign(claims: AccessClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        role: claims.role,
        sid: claims.sessionId,
        sub: claims.userId,
        iat,
        exp: iat + ACCESS_TOKEN_SECONDS,
      }),
    ).toString('base64url');
    const input = `${HEADER}.${payload}`;
    return Promise.resolve(`${input}.${this.#mac(input).toString('base64url')}`);
  }

  /**
   * The claims of a token this server signed and that has not expired; otherwise a 401. A token
   * already checked skips the signature (the same bytes, the same answer) but never the clock.
   */
  verify(token: string, now = new Date()): AccessClaims {
    const seconds = Math.floor(now.getTime() / 1000);
    const checked = this.#checked.get(token);
    if (checked) {
      if (checked.nbf !== undefined && checked.nbf > seconds) throw invalid();
      if (checked.exp <= seconds) {
        this.#checked.delete(token);
        throw expired();
      }
      return checked.claims;
    }
    const claims = this.#verifyAll(token, seconds);
    if (this.#checked.size >= MAX_CHECKED_TOKENS) {
      this.#checked.delete(this.#checked.keys().next().value ?? '');
    }
    this.#checked.set(token, claims);
    return claims.claims;
  }

  #verifyAll(token: string, seconds: number) {
    if (token.length > MAX_TOKEN_LENGTH) throw invalid();
    const [header = '', payload = '', signature = '', ...rest] = token.split('.');
    if (rest.length > 0 || !SEGMENT.test(header) || !SEGMENT.test(payload)) throw invalid();
    if (!SEGMENT.test(signature)) throw invalid();
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#mac(`${header}.${payload}`);
    // Only the canonical encoding of the signature counts, so one token has one spelling.
    if (
      given.length !== expected.length ||
      !timingSafeEqual(given, expected) ||
      given.toString('base64url') !== signature
    ) {
      throw invalid();
    }
    const protectedHeader = decodeJson(header);
    // 'crit' names extensions the verifier must understand; Tend understands none.
    if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader) throw invalid();
    const claims = decodeJson(payload);
    if (!claims) throw invalid();
    const { sub, sid, role, exp, nbf, iat } = claims;
    if (!isTime(exp) || (nbf !== undefined && !isTime(nbf)) || (iat !== undefined && !isTime(iat)))
      throw invalid();
    if (nbf !== undefined && nbf > seconds) throw invalid();
    if (exp <= seconds) throw expired();
    if (typeof sub !== 'string' || typeof sid !== 'string') throw invalid();
    if (!isUserType(role)) throw invalid();
    const checked: AccessClaims = { userId: sub, role, sessionId: sid };
    return { claims: checked, exp, ...(nbf === undefined ? {} : { nbf }) };
  }
}
