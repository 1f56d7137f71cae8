import { INVALID_OR_EXPIRED_LINK } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, bearer, createAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import type { TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  PUBLIC_URL,
  changeEmail,
  closeMailingApp,
  drainJobs,
  linkToken,
  mailTo,
  startMailingApp,
} from '../../../test/recovery-kit.ts';

describe.each(testDialects())('email confirmation and registration on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let now: Date;

  beforeEach(async () => {
    now = new Date();
    ({ t, smtp } = await startMailingApp(dialect, () => now));
  });
  afterEach(() => closeMailingApp(t, smtp));

  const status = (who: { accessToken: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me/email-status', headers: bearer(who) });
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
  const resend = (who: { accessToken: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/verify-email/resend',
      headers: bearer(who),
    });
  const register = (email: string, firstname: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, firstname, lastname: 'Tester', password: GOOD_PASSWORD },
      remoteAddress: '203.0.113.77',
    });

  it('emails a confirmation link after sign-up that confirms the address', async () => {
    const account = await createAccount(t);
    expect((await status(account)).json()).toEqual({
      email: account.email,
      confirmed: false,
      sendable: true,
    });
    await drainJobs(t);
    const [mail] = mailTo(smtp, account.email);
    expect(mail?.parsed.subject).toBe('Confirm your email address for Tend');
    const token = linkToken(mail, 'verify-email');

    const confirmed = await verify(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: account.email });
    expect((await status(account)).json().confirmed).toBe(true);
    // A second click on the same link still says it is confirmed.
    expect((await verify(token)).statusCode).toBe(200);
    const already = await resend(account);
    expect(already.statusCode).toBe(409);
    expect(already.json().error.message).toBe('Your email address is already confirmed.');
  });

  it("refuses a bogus or expired link in words, and the old address's link confirms no new one", async () => {
    const account = await createAccount(t);
    await drainJobs(t);
    const token = linkToken(mailTo(smtp, account.email)[0], 'verify-email');
    const bogus = await verify('made-up-token');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error).toEqual({
      code: 'invalid_or_expired_link',
      message: INVALID_OR_EXPIRED_LINK,
    });
    now = new Date(now.getTime() + 8 * 24 * 60 * 60_000);
    expect((await verify(token)).statusCode).toBe(400);
    expect((await status(account)).json().confirmed).toBe(false);

    const fresh = await resend(account);
    expect(fresh.statusCode).toBe(202);
    await drainJobs(t);
    const newToken = linkToken(mailTo(smtp, account.email)[1], 'verify-email');
    expect((await verify(newToken)).statusCode).toBe(200);
    expect((await status(account)).json().confirmed).toBe(true);

    // The new address is confirmed by the link that moved the account to it (decision 020) ...
    await changeEmail(t, smtp, account, `moved.${account.email}`);
    expect((await status(account)).json()).toMatchObject({ confirmed: true });
    // ... and the old address's link confirms nothing for it.
    expect((await verify(newToken)).statusCode).toBe(400);
  });

  it('sends a new link at most three times an hour per account', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < 3; i++) expect((await resend(account)).statusCode).toBe(202);
    const fourth = await resend(account);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toMatch(/^Too many requests/);
    await drainJobs(t);
    expect(mailTo(smtp, account.email)).toHaveLength(4); // the sign-up's and three more
  });

  it('answers a taken address like a new one, creates nothing, and tells its owner once an hour', async () => {
    const owner = await createAccount(t, 'patient', { firstname: 'Owner' });
    await drainJobs(t);
    smtp.received.length = 0;
    const users = async () => (await t.db.kysely.selectFrom('users').select('id').execute()).length;
    const before = await users();

    const fresh = await register('someone.new@example.org', 'Newcomer');
    const taken = await register(owner.email.toUpperCase(), 'Intruder');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.json().user).toMatchObject({ firstname: 'Intruder', userType: 'patient' });
    expect(await users()).toBe(before + 1);
    expect((await register(owner.email, 'Intruder')).statusCode).toBe(201);

    await drainJobs(t);
    const notices = mailTo(smtp, owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.parsed.subject).toBe(
      'Someone tried to create a Tend account with your address',
    );
    expect(notices[0]?.parsed.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(notices[0]?.parsed.text).not.toContain('Intruder');
    // The newcomer got a confirmation link; the owner's password still works.
    expect(mailTo(smtp, 'someone.new@example.org')).toHaveLength(1);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('says so, and shows no banner, when this Tend sends no email', async () => {
    const quiet = await createTestApp(dialect);
    try {
      const account = await createAccount(quiet);
      const res = await quiet.app.inject({
        method: 'GET',
        url: '/api/v1/me/email-status',
        headers: bearer(account),
      });
      expect(res.json()).toMatchObject({ confirmed: false, sendable: false });
      const refused = await quiet.app.inject({
        method: 'POST',
        url: '/api/v1/me/verify-email/resend',
        headers: bearer(account),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('email_not_configured');
    } finally {
      await quiet.close();
    }
  });
});
