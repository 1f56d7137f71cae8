import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  bearer,
  createAccount,
  GOOD_PASSWORD,
  refreshCookieFrom,
  signIn,
} from '../../../test/accounts.ts';
import { TokenService } from './tokens.ts';

const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe.each(testDialects())('identity API on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const register = (payload: object, remoteAddress = '192.0.2.10') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: cookie ? { cookie } : {},
    });
  const userCount = async () =>
    (await t.db.kysely.selectFrom('users').select('id').execute()).length;
  const valid = {
    email: 'Ada@Example.org',
    firstname: 'Ada',
    lastname: 'Lovelace',
    password: GOOD_PASSWORD,
  };

  describe('register', () => {
    it('creates a patient by default and answers 201 { user } without secrets', async () => {
      const res = await register(valid);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        user: {
          _id: expect.any(String),
          email: 'Ada@Example.org',
          firstname: 'Ada',
          lastname: 'Lovelace',
          userType: 'patient',
        },
      });
      expect(res.body).not.toMatch(/argon2|password/i);
    });

    it('answers a taken email, in any letter case, exactly like a new one and creates nothing', async () => {
      const first = await register(valid);
      const res = await register({ ...valid, email: 'ada@EXAMPLE.org', firstname: 'Eve' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        user: {
          _id: expect.any(String),
          email: 'ada@EXAMPLE.org',
          firstname: 'Eve',
          lastname: 'Lovelace',
          userType: 'patient',
        },
      });
      expect(res.json().user._id).not.toBe(first.json().user._id);
      expect(await userCount()).toBe(1);
    });

    it.each([
      [{ password: 'short' }, 'password', 'Use at least 8 characters.'],
      [{ password: 'x'.repeat(129) }, 'password', 'Use at most 128 characters.'],
      [
        { password: 'password123' },
        'password',
        'This password is too common and easy to guess. Choose another.',
      ],
      [
        { password: 'Password1' },
        'password',
        'This password is too common and easy to guess. Choose another.',
      ],
      [{ email: '' }, 'email', 'Enter your email address.'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address, like name@example.com.'],
      [{ firstname: '  ' }, 'firstname', 'Enter your first name.'],
      [{ lastname: undefined }, 'lastname', 'Enter your last name.'],
      [{ userType: 'admin' }, 'userType', 'Choose patient, doctor or pharmacy.'],
      [{ role: 'doctor' }, 'role', 'This field is not accepted here.'],
    ])('refuses %o with 400 naming %s, and stores nothing', async (change, field, message) => {
      const res = await register({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
      expect(await userCount()).toBe(0);
    });

    it('limits registrations to 10 an hour per client address', async () => {
      for (let i = 0; i < 10; i++) {
        expect(
          (await register({ ...valid, email: `p${i}@example.org` }, '192.0.2.99')).statusCode,
        ).toBe(201);
      }
      const res = await register({ ...valid, email: 'late@example.org' }, '192.0.2.99');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await userCount()).toBe(10);
    });
  });

  describe('sign-in', () => {
    it('returns the access token, the role and the user, and sets a strict httpOnly refresh cookie', async () => {
      await register({ ...valid, userType: 'doctor' });
      const res = await signIn(t, 'ada@example.org', GOOD_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accessToken: expect.any(String),
        expiresIn: 3600,
        userType: 'doctor',
        user: expect.objectContaining({ email: 'Ada@Example.org', userType: 'doctor' }),
      });
      const cookie = res.cookies.find((c) => c.name === 'tend_refresh');
      expect(cookie).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/api/v1/auth',
      });
      // Beside it, for every page: the hint that a session is worth asking for (decision 023).
      const hint = res.cookies.find((c) => c.name === 'tend_session');
      expect(hint).toMatchObject({
        value: '1',
        path: '/',
        sameSite: 'Lax',
        maxAge: cookie?.maxAge,
      });
      expect(hint?.httpOnly).toBeFalsy();
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      await register(valid);
      const wrong = await signIn(t, valid.email, 'not the password');
      const unknown = await signIn(t, 'nobody@example.org', GOOD_PASSWORD);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Incorrect email or password.' },
      });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('refuses a disabled account with 403 once the password is right', async () => {
      await register(valid);
      await t.db.kysely
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .execute();
      expect((await signIn(t, valid.email, 'wrong password')).statusCode).toBe(401);
      const res = await signIn(t, valid.email, GOOD_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('user_disabled');
    });

    it('pauses an account after 5 wrong passwords, even for the right one, with Retry-After', async () => {
      await register(valid);
      for (let i = 0; i < 5; i++)
        expect((await signIn(t, valid.email, `wrong ${i}`)).statusCode).toBe(401);
      const res = await signIn(t, valid.email, GOOD_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.message).toMatch(
        /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
      );
    });

    it('limits sign-in attempts per client address', async () => {
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last = (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/sign-in',
            payload: { email: `guess${i}@example.org`, password: 'whatever1' },
            remoteAddress: '198.51.100.77',
          })
        ).statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe('sessions', () => {
    it('rotates the refresh token on every use', async () => {
      const account = await createAccount(t);
      const first = await refresh(account.refreshCookie);
      expect(first.statusCode).toBe(200);
      const rotated = refreshCookieFrom(first);
      expect(rotated).not.toBe(account.refreshCookie);
      const second = await refresh(rotated);
      expect(second.statusCode).toBe(200);
      expect((await me(bearer(second.json()))).statusCode).toBe(200);
    });

    it('ends the whole session when a used refresh token is presented again', async () => {
      const account = await createAccount(t);
      const rotated = await refresh(account.refreshCookie);
      const fresh = rotated.json<{ accessToken: string }>();
      const replay = await refresh(account.refreshCookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.code).toBe('invalid_token');
      expect((await refresh(refreshCookieFrom(rotated))).statusCode).toBe(401);
      expect((await me(bearer(fresh))).statusCode).toBe(401);
      expect((await me(bearer(account))).statusCode).toBe(401);
    });

    it('refuses a refresh without a cookie or with an unknown one', async () => {
      expect((await refresh()).statusCode).toBe(401);
      expect((await refresh('tend_refresh=made-up')).statusCode).toBe(401);
    });

    const clearedCookies = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
      res.cookies
        .filter((c) => c.value === '' && c.maxAge === 0)
        .map((c) => c.name)
        .sort();

    it('renews the session hint with every rotation and clears it with a refused cookie', async () => {
      const account = await createAccount(t);
      const renewed = await refresh(account.refreshCookie);
      expect(renewed.cookies.find((c) => c.name === 'tend_session')?.value).toBe('1');
      const refused = await refresh('tend_refresh=made-up; tend_session=1');
      expect(refused.statusCode).toBe(401);
      expect(clearedCookies(refused)).toEqual(['tend_refresh', 'tend_session']);
    });

    it('keeps the cookies when a refresh is only turned away for now (rate limit)', async () => {
      let last = await refresh('tend_refresh=made-up');
      while (last.statusCode === 401) last = await refresh('tend_refresh=made-up');
      expect(last.statusCode).toBe(429);
      expect(clearedCookies(last)).toEqual([]);
    });

    it('sign-out ends the session at once: the access token and the refresh cookie are refused', async () => {
      const account = await createAccount(t);
      const other = await createAccount(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-out',
        headers: bearer(account),
      });
      expect(res.statusCode).toBe(204);
      expect(clearedCookies(res)).toEqual(['tend_refresh', 'tend_session']);
      expect((await me(bearer(account))).statusCode).toBe(401);
      expect((await refresh(account.refreshCookie)).statusCode).toBe(401);
      expect((await me(bearer(other))).statusCode).toBe(200);
    });

    it('signs out a disabled user at once with 403', async () => {
      const account = await createAccount(t);
      await t.db.kysely
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', account.id)
        .execute();
      const res = await me(bearer(account));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('user_disabled');
      expect((await refresh(account.refreshCookie)).statusCode).toBe(403);
    });

    it('answers an expired token with token_expired and a forged one with invalid_token', async () => {
      const account = await createAccount(t);
      const [, payload = ''] = account.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
      const expired = await new TokenService(TEST_SECRET).sign(
        { userId: account.id, role: 'patient', sessionId: claims.sid },
        new Date(Date.now() - 2 * 60 * 60 * 1000),
      );
      const expiredRes = await me({ authorization: `Bearer ${expired}` });
      expect(expiredRes.statusCode).toBe(401);
      expect(expiredRes.json().error.code).toBe('token_expired');
      const forged = await new TokenService('another-secret-that-is-also-long-enough').sign({
        userId: account.id,
        role: 'doctor',
        sessionId: claims.sid,
      });
      expect((await me({ authorization: `Bearer ${forged}` })).json().error.code).toBe(
        'invalid_token',
      );
      expect((await me({ authorization: 'Basic abc' })).json().error.code).toBe('not_signed_in');
      expect((await me({})).statusCode).toBe(401);
    });
  });

  it('serves the password policy to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/password-policy' });
    expect(res.json()).toEqual({ minLength: 8, maxLength: 128, refuseCommon: true });
  });
});
