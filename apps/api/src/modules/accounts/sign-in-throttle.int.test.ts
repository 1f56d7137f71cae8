import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appWith,
  bearer,
  onePatient,
  createAccount,
  type TestAccount,
} from '../../../test/accounts.ts';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { DEVICE_COOKIE } from './device-cookies.ts';

/** The device cookie a sign-in answer set, as a Cookie header value. */
function deviceCookieFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`no device cookie in answer ${res.statusCode}: ${res.body}`);
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

describe.each(testDialects())('sign-in throttling with device cookies on %s', (dialect) => {
  let t: TestApp;
  let owner: TestAccount;
  beforeEach(async () => ({ t, s: owner } = await appWith(onePatient, dialect)));
  afterEach(() => t.close());

  const signIn = (email: string, password: string, from: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: from,
      headers: cookie ? { cookie } : {},
    });
  /** Wrong passwords for an address, each from its own client address, none with a device cookie. */
  const guess = async (email: string, times: number, firstAddress = 0) => {
    const answers: number[] = [];
    for (let i = 0; i < times; i++) {
      answers.push(
        (await signIn(email, `guess ${i}`, `198.51.100.${firstAddress + i}`)).statusCode,
      );
    }
    return answers;
  };

  it('sets a long-lived, httpOnly, strict device cookie sent only to sign-in', async () => {
    const res = await signIn(owner.email, owner.password, '203.0.113.5');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/v1/auth/sign-in',
    });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    // It names no one: neither the address nor the account id is readable in it.
    expect(cookie?.value).not.toContain(owner.email);
    expect(cookie?.value).not.toContain(owner.id);
  });

  it("lets the owner's device sign in while strangers' wrong passwords have paused the account", async () => {
    const device = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    expect(await guess(owner.email, 7)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // An unknown client is held back even with the right password: guessing stays bounded.
    const stranger = await signIn(owner.email, owner.password, '192.0.2.200');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(stranger.json().error.message).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
    );
    for (let i = 0; i < 3; i++) {
      const res = await signIn(owner.email, owner.password, '203.0.113.5', device);
      expect(res.statusCode).toBe(200);
    }
  });

  it('ends every device’s allowance when the password changes', async () => {
    const device = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    const newPassword = 'a fresh passphrase after a theft';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(owner),
      payload: { oldPassword: owner.password, newPassword },
    });
    expect(changed.statusCode).toBe(204);
    expect(await guess(owner.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
    // The cookie earned under the old password no longer vouches: it waits with the strangers,
    // even with the new password.
    expect((await signIn(owner.email, newPassword, '203.0.113.5', device)).statusCode).toBe(429);
  });

  it("does not reset the strangers' count when the owner signs in on their device", async () => {
    const device = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    expect(await guess(owner.email, 4)).toEqual([401, 401, 401, 401]);
    expect((await signIn(owner.email, owner.password, '203.0.113.5', device)).statusCode).toBe(200);
    expect(await guess(owner.email, 2, 50)).toEqual([401, 429]);
  });

  it('pauses a device after its own 5 wrong passwords, and only that device', async () => {
    const device = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    for (let i = 0; i < 5; i++) {
      expect((await signIn(owner.email, `typo ${i}`, '203.0.113.5', device)).statusCode).toBe(401);
    }
    expect((await signIn(owner.email, owner.password, '203.0.113.5', device)).statusCode).toBe(429);
    // The device's mistakes did not count against the account for other clients.
    expect((await signIn(owner.email, owner.password, '192.0.2.9')).statusCode).toBe(200);
  });

  it("gives another account's device cookie, or a forged one, no allowance of its own", async () => {
    const other = await createAccount(t, 'patient');
    const otherDevice = deviceCookieFrom(await signIn(other.email, other.password, '203.0.113.6'));
    const ownerDevice = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    const [name, value = ''] = ownerDevice.split('=');
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect(await guess(owner.email, 5)).toEqual([401, 401, 401, 401, 401]);
    for (const cookie of [otherDevice, forged, `${DEVICE_COOKIE}=garbage`]) {
      expect((await signIn(owner.email, owner.password, '192.0.2.7', cookie)).statusCode).toBe(429);
    }
    expect((await signIn(owner.email, owner.password, '192.0.2.7', ownerDevice)).statusCode).toBe(
      200,
    );
  });

  it('keeps one device trusted for several accounts signed in on it', async () => {
    const other = await createAccount(t, 'patient');
    const first = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    const both = deviceCookieFrom(await signIn(other.email, other.password, '203.0.113.5', first));
    expect(await guess(owner.email, 6)).toContain(429);
    expect(await guess(other.email, 6, 100)).toContain(429);
    expect((await signIn(owner.email, owner.password, '203.0.113.5', both)).statusCode).toBe(200);
    expect((await signIn(other.email, other.password, '203.0.113.5', both)).statusCode).toBe(200);
  });

  it('answers a wrong password on a trusted device exactly like any other wrong password', async () => {
    const device = deviceCookieFrom(await signIn(owner.email, owner.password, '203.0.113.5'));
    const onDevice = await signIn(owner.email, 'not it', '203.0.113.5', device);
    const unknown = await signIn('nobody@example.org', 'not it', '192.0.2.1');
    expect(onDevice.statusCode).toBe(401);
    expect(onDevice.json()).toEqual(unknown.json());
    expect(onDevice.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Incorrect email or password.' },
    });
  });
});
