import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { userId: 'user-1', role: 'patient', sessionId: 'session-1' } as const;
const tokens = new TokenService(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with our secret whatever its header and payload say. */
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const now = Math.floor(Date.now() / 1000);
const payload = { sub: 'user-1', role: 'patient', sid: 'session-1', iat: now, exp: now + 60 };
const code = (token: string) => {
  try {
    tokens.verify(token);
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('access tokens', () => {
  it('verifies what it signed', async () => {
    expect(tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it('verifies a token jose signed with the same secret (tokens issued before the change)', async () => {
    const token = await new SignJWT({ role: 'doctor', sid: 'session-2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-2')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(tokens.verify(token)).toEqual({
      userId: 'user-2',
      role: 'doctor',
      sessionId: 'session-2',
    });
  });

  it('says token_expired from the second exp names, and not before', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.sign(claims, issued);
    const justBefore = new Date(issued.getTime() + 3599_000);
    expect(tokens.verify(token, justBefore)).toEqual(claims);
    expect(() => tokens.verify(token, new Date(issued.getTime() + 3600_000))).toThrow(
      expect.objectContaining({ code: 'token_expired', statusCode: 401 }),
    );
  });

  it('checks the clock every time for a token it already checked', async () => {
    const issued = new Date('2026-02-01T00:00:00Z');
    const token = await tokens.sign(claims, issued);
    for (const seconds of [0, 1, 3599]) {
      expect(tokens.verify(token, new Date(issued.getTime() + seconds * 1000))).toEqual(claims);
    }
    expect(() => tokens.verify(token, new Date(issued.getTime() + 3600_000))).toThrow(
      expect.objectContaining({ code: 'token_expired' }),
    );
    const early = forge({ alg: 'HS256' }, { ...payload, nbf: now + 30 });
    expect(tokens.verify(early, new Date((now + 30) * 1000))).toEqual(claims);
    expect(() => tokens.verify(early, new Date((now + 29) * 1000))).toThrow(
      expect.objectContaining({ code: 'invalid_token' }),
    );
  });

  it('refuses another secret, a changed payload and a changed signature', async () => {
    const token = await tokens.sign(claims);
    // Checked (and kept) first: a look-alike must still be checked in full.
    expect(code(token)).toBe('accepted');
    expect(code(await new TokenService(`${SECRET}!`).sign(claims))).toBe('invalid_token');
    const [header, , signature] = token.split('.');
    expect(code(`${header}.${b64({ ...payload, role: 'doctor' })}.${signature}`)).toBe(
      'invalid_token',
    );
    expect(code(`${token.slice(0, -2)}AA`)).toBe('invalid_token');
  });

  it('refuses a signature spelled another way (one token, one spelling)', async () => {
    const token = await tokens.sign(claims);
    expect(code(`${token}=`)).toBe('invalid_token');
    expect(code(`${token}.extra`)).toBe('invalid_token');
  });

  it('refuses any algorithm but HS256, and headers with extensions it does not know', () => {
    expect(code(forge({ alg: 'HS256' }, payload))).toBe('accepted');
    expect(code(forge({ alg: 'none' }, payload))).toBe('invalid_token');
    expect(code(`${b64({ alg: 'none' })}.${b64(payload)}.`)).toBe('invalid_token');
    expect(code(forge({ alg: 'HS512' }, payload))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256', crit: ['b64'], b64: false }, payload))).toBe('invalid_token');
  });

  it('refuses missing or malformed claims', () => {
    const { exp: _, ...noExp } = payload;
    expect(code(forge({ alg: 'HS256' }, noExp))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, exp: String(payload.exp) }))).toBe(
      'invalid_token',
    );
    expect(code(forge({ alg: 'HS256' }, { ...payload, role: 'admin' }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, sid: 7 }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, sub: undefined }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, { ...payload, nbf: now + 600 }))).toBe('invalid_token');
    expect(code(forge({ alg: 'HS256' }, [payload]))).toBe('invalid_token');
  });

  it('refuses what is not a token at all', () => {
    for (const token of ['', 'a', 'a.b', 'a.b.c', '..', 'é.é.é', 'x'.repeat(5000)]) {
      expect(code(token)).toBe('invalid_token');
    }
  });
});
