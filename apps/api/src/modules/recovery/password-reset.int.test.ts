import { INVALID_OR_EXPIRED_LINK, PASSWORD_RESET_REQUESTED } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signIn, type TestAccount } from '../../../test/accounts.ts';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import type { TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  changeEmail,
  closeMailingApp,
  drainJobs,
  linkToken,
  mailTo,
  startMailingAppWithAccount,
} from '../../../test/recovery-kit.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(testDialects())('forgot password on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let now: Date;
  let account: TestAccount;

  beforeEach(async () => {
    now = new Date();
    ({ t, smtp, account } = await startMailingAppWithAccount(dialect, () => now));
  });
  afterEach(() => closeMailingApp(t, smtp));

  const request = (email: string, ip = '203.0.113.5') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email },
      remoteAddress: ip,
    });
  const confirm = (token: string, newPassword = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, newPassword },
    });
  const me = (who: { accessToken: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(who) });

  async function resetLink(): Promise<string> {
    expect((await request(account.email.toUpperCase())).statusCode).toBe(202);
    await drainJobs(t);
    const mails = mailTo(smtp, account.email);
    expect(mails).toHaveLength(1);
    return linkToken(mails[0], 'reset-password');
  }

  it('emails a link that sets a new password once and ends every session of the account', async () => {
    const otherDevice = (await signIn(t, account.email, account.password)).json<{
      accessToken: string;
    }>();
    const token = await resetLink();
    const mail = mailTo(smtp, account.email)[0];
    expect(mail?.parsed.subject).toBe('Choose a new password for Tend');
    expect(mail?.parsed.text).toContain('works once, for 30 minutes');

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: account.email, message: expect.any(String) });
    expect((await me(account)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(t, account.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await confirm(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_or_expired_link',
      message: INVALID_OR_EXPIRED_LINK,
    });
    expect((await signIn(t, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes, in words, and changes nothing', async () => {
    const token = await resetLink();
    now = new Date(now.getTime() + 31 * 60_000);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(INVALID_OR_EXPIRED_LINK);
    expect((await me(account)).statusCode).toBe(200);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const known = await request(account.email);
    const unknown = await request('nobody-here@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    await drainJobs(t);
    expect(smtp.received.map((m) => m.to)).toEqual([[account.email]]);
  });

  it('refuses an invalid token and a weak password in words; the link still works after a weak try', async () => {
    const bogus = await confirm('not-a-real-token');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.code).toBe('invalid_or_expired_link');

    const token = await resetLink();
    const weak = await confirm(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ newPassword: expect.stringMatching(/too common/) });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, newPassword: NEW_PASSWORD, email: account.email },
    });
    expect(extra.statusCode).toBe(400);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('a link sent before the email changed opens nothing', async () => {
    const token = await resetLink();
    await changeEmail(t, smtp, account, `moved.${account.email}`);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('limits requests per typed address, whether or not it has an account', async () => {
    for (const email of [account.email, 'ghost@example.org']) {
      for (let i = 0; i < 5; i++) {
        expect((await request(email, `198.51.100.${i}`)).statusCode).toBe(202);
      }
      const sixth = await request(email, '198.51.100.99');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      expect(sixth.json().error.message).toMatch(/^Too many requests\. Please wait/);
    }
  });
});
