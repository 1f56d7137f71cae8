import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAccount, GOOD_PASSWORD, signIn } from '../../../test/accounts.ts';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { counterBackends, createTwoInstances, type TwoInstances } from '../../../test/instances.ts';
import { setAccountDisabled } from './admin-service.ts';

/** DESIGN.md "Several instances": nothing that must be shared lives only in one process. */
const cases = testDialects().flatMap((dialect) =>
  counterBackends().map((counters) => [dialect, counters] as const),
);

describe.each(cases)('two instances on one %s database, counters in %s', (dialect, counters) => {
  let two: TwoInstances;
  beforeEach(async () => {
    two = await createTwoInstances(dialect, counters);
  });
  afterEach(() => two.close());

  const me = (t: TestApp, who: { accessToken: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(who) });
  const signInFrom = (t: TestApp, email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress,
    });

  describe('sessions end at once on every instance', () => {
    it('refuses on B a token signed out on A', async () => {
      const account = await createAccount(two.a);
      expect((await me(two.b, account)).statusCode).toBe(200);
      const out = await two.a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-out',
        headers: bearer(account),
      });
      expect(out.statusCode).toBe(204);
      const after = await me(two.b, account);
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('invalid_token');
    });

    it('ends on B the other sessions of a password changed on A, and keeps the changing one', async () => {
      const account = await createAccount(two.a);
      const elsewhere = (await signIn(two.b, account.email, account.password)).json<{
        accessToken: string;
      }>();
      expect((await me(two.b, elsewhere)).statusCode).toBe(200);
      const changed = await two.a.app.inject({
        method: 'POST',
        url: '/api/v1/me/password',
        headers: bearer(account),
        payload: { oldPassword: account.password, newPassword: 'another long passphrase' },
      });
      expect(changed.statusCode).toBeLessThan(300);
      expect((await me(two.b, elsewhere)).statusCode).toBe(401);
      expect((await me(two.b, account)).statusCode).toBe(200);
    });

    it('ends on both instances the sessions of an account the operator disabled', async () => {
      const account = await createAccount(two.a);
      const onB = (await signIn(two.b, account.email, account.password)).json<{
        accessToken: string;
      }>();
      await setAccountDisabled(two.db, account.email, true);
      for (const [t, who] of [
        [two.a, account],
        [two.b, onB],
      ] as const) {
        const res = await me(t, who);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('invalid_token');
      }
      const again = await signInFrom(two.b, account.email, account.password, '192.0.2.60');
      expect(again.statusCode).toBe(403);
      expect(again.json().error.code).toBe('user_disabled');
    });
  });

  describe('failed sign-ins count across instances', () => {
    it('pauses an account on B after five wrong passwords on A', async () => {
      const account = await createAccount(two.a);
      for (let i = 0; i < 5; i++) {
        const res = await signInFrom(two.a, account.email, 'not my password', `192.0.2.${i + 1}`);
        expect(res.statusCode).toBe(401);
      }
      const sixth = await signInFrom(two.b, account.email, 'not my password', '192.0.2.50');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error).toMatchObject({
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      // Paused means paused: the right password waits too, on either instance.
      const right = await signInFrom(two.a, account.email, GOOD_PASSWORD, '192.0.2.51');
      expect(right.statusCode).toBe(429);
    });

    it('admits exactly five of ten wrong passwords sent at once to both instances', async () => {
      const account = await createAccount(two.a);
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signInFrom(i % 2 ? two.b : two.a, account.email, 'not my password', `192.0.2.${i + 1}`),
        ),
      );
      const counts = statuses.reduce<Record<number, number>>((acc, res) => {
        acc[res.statusCode] = (acc[res.statusCode] ?? 0) + 1;
        return acc;
      }, {});
      expect(counts).toEqual({ 401: 5, 429: 5 });
    });

    it('forgets earlier failures after a right password, on the other instance too', async () => {
      const account = await createAccount(two.a);
      for (let i = 0; i < 4; i++) {
        await signInFrom(two.a, account.email, 'not my password', '192.0.2.9');
      }
      expect((await signInFrom(two.b, account.email, GOOD_PASSWORD, '192.0.2.9')).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 5; i++) {
        const res = await signInFrom(two.a, account.email, 'not my password', '192.0.2.9');
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe('request limits count across instances', () => {
    it('refuses the 31st sign-in from one address in 15 minutes, wherever the 30 went', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await signInFrom(
          i % 2 ? two.b : two.a,
          `guess${i}@example.org`,
          'whatever1',
          '198.51.100.77',
        );
        expect(res.statusCode).toBe(401);
      }
      const limited = await signInFrom(
        two.b,
        'guess-last@example.org',
        'whatever1',
        '198.51.100.77',
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
        ),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is a different person.
      const other = await signInFrom(
        two.a,
        'guess-other@example.org',
        'whatever1',
        '198.51.100.78',
      );
      expect(other.statusCode).toBe(401);
    });

    it('counts each route on its own: registrations do not use up sign-ins', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await (i % 2 ? two.b : two.a).app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: {
            email: `new${i}@example.org`,
            password: GOOD_PASSWORD,
            firstname: 'New',
            lastname: 'Person',
          },
          remoteAddress: '198.51.100.90',
        });
        expect(res.statusCode).toBe(201);
      }
      const eleventh = await two.a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: 'new10@example.org',
          password: GOOD_PASSWORD,
          firstname: 'N',
          lastname: 'P',
        },
        remoteAddress: '198.51.100.90',
      });
      expect(eleventh.statusCode).toBe(429);
      const signInStill = await signInFrom(
        two.b,
        'new0@example.org',
        GOOD_PASSWORD,
        '198.51.100.90',
      );
      expect(signInStill.statusCode).toBe(200);
    });
  });
});
