import { INVALID_OR_EXPIRED_LINK } from '@tend/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, type TestAccount } from '../../../test/accounts.ts';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import type { TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  closeMailingApp,
  drainJobs,
  linkToken,
  mailTo,
  startMailingAppWithAccount,
} from '../../../test/recovery-kit.ts';

describe.each(testDialects())('changing my email on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let now: Date;
  let account: TestAccount;

  beforeEach(async () => {
    now = new Date();
    ({ t, smtp, account } = await startMailingAppWithAccount(dialect, () => now, {
      firstname: 'Mira',
    }));
  });
  afterEach(() => closeMailingApp(t, smtp));

  const update = (who: TestAccount, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/me/update', headers: bearer(who), payload });
  const getMe = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(who) });
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-change/confirm',
      payload: { token },
    });
  /** Asks to move `who` to `email` and answers the token of the link the new address received. */
  const requestChange = async (who: TestAccount, email: string) => {
    const res = await update(who, { email, currentPassword: who.password });
    expect(res.statusCode, res.body).toBe(200);
    await drainJobs(t);
    return linkToken(mailTo(smtp, email).at(-1), 'confirm-email');
  };

  it('asks for the current password in words and changes nothing without it', async () => {
    const before = (await getMe(account)).json();
    const res = await update(account, { email: 'new.home@example.org', city: 'Lund' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'current_password_required',
      message: expect.stringMatching(/current password/),
      fields: { currentPassword: 'Enter your current password to change your email.' },
    });
    expect((await getMe(account)).json()).toEqual(before);
  });

  it('refuses a wrong current password, changes nothing, and pauses after 5 tries', async () => {
    const before = (await getMe(account)).json();
    for (let i = 0; i < 5; i++) {
      const res = await update(account, {
        email: 'new.home@example.org',
        currentPassword: `wrong ${i}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        currentPassword: 'This is not your current password.',
      });
    }
    const sixth = await update(account, {
      email: 'new.home@example.org',
      currentPassword: account.password,
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getMe(account)).json()).toEqual(before);
    await drainJobs(t);
    expect(smtp.received).toHaveLength(0);
  });

  it('saves the rest, keeps the old address until the link is opened, and tells both addresses', async () => {
    const res = await update(account, {
      email: 'New.Home@example.org',
      currentPassword: account.password,
      city: 'Lund',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: account.email,
      pendingemail: 'New.Home@example.org',
      city: 'Lund',
    });
    expect((await getMe(account)).json()).toMatchObject({
      email: account.email,
      pendingemail: 'New.Home@example.org',
    });
    await drainJobs(t);
    const [link] = mailTo(smtp, 'New.Home@example.org');
    expect(link?.parsed.subject).toBe('Confirm your new email address for Tend');
    const [notice] = mailTo(smtp, account.email);
    expect(notice?.parsed.subject).toBe('Your Tend email address is about to change');
    expect(notice?.parsed.text).toContain('New.Home@example.org');
    // Until then the old address signs in and the new one does not.
    expect((await signIn(t, 'new.home@example.org', account.password)).statusCode).toBe(401);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(200);
  });

  it('moves the account when the link is opened, confirms the new address, and tells the old one', async () => {
    const token = await requestChange(account, 'New.Home@example.org');
    smtp.received.length = 0;
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'New.Home@example.org',
      message: expect.stringContaining('New.Home@example.org'),
    });
    expect((await getMe(account)).json()).toMatchObject({
      email: 'New.Home@example.org',
      pendingemail: null,
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/email-status',
      headers: bearer(account),
    });
    expect(status.json()).toMatchObject({ email: 'New.Home@example.org', confirmed: true });
    expect((await signIn(t, 'new.home@example.org', account.password)).statusCode).toBe(200);
    expect((await signIn(t, account.email, account.password)).statusCode).toBe(401);
    await drainJobs(t);
    expect(mailTo(smtp, account.email).map((m) => m.parsed.subject)).toEqual([
      'Your Tend email address was changed',
    ]);
    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_or_expired_link',
      message: INVALID_OR_EXPIRED_LINK,
    });
  });

  it('answers a taken address exactly like a free one, and tells its owner instead of sending a link', async () => {
    const owner = await createAccount(t, 'patient', { firstname: 'Owner' });
    await drainJobs(t);
    smtp.received.length = 0;
    const free = await update(account, {
      email: 'free.address@example.org',
      currentPassword: account.password,
    });
    const taken = await update(account, {
      email: owner.email.toUpperCase(),
      currentPassword: account.password,
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual({ ...free.json(), pendingemail: owner.email.toUpperCase() });
    await drainJobs(t);
    const toOwner = mailTo(smtp, owner.email);
    expect(toOwner.map((m) => m.parsed.subject)).toEqual([
      'Someone tried to use your address for a Tend account',
    ]);
    expect(toOwner[0]?.parsed.text).not.toContain('#');
    expect(toOwner[0]?.parsed.text).not.toContain(account.email);
    // The requester's old address hears the same thing in both cases.
    const toOld = mailTo(smtp, account.email).map((m) => m.parsed.subject);
    expect(toOld).toEqual([
      'Your Tend email address is about to change',
      'Your Tend email address is about to change',
    ]);
    expect((await getMe(owner)).json().email).toBe(owner.email);
  });

  it('treats the same address in another letter case as no change and needs no password', async () => {
    const res = await update(account, { email: account.email.toUpperCase(), city: 'Lund' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pendingemail: null, city: 'Lund' });
    await drainJobs(t);
    expect(smtp.received).toHaveLength(0);
  });

  it('lets only the newest request confirm', async () => {
    const first = await requestChange(account, 'first.choice@example.org');
    const second = await requestChange(account, 'second.choice@example.org');
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await getMe(account)).json().pendingemail).toBe('second.choice@example.org');
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await getMe(account)).json().email).toBe('second.choice@example.org');
  });

  it('refuses an expired link in words', async () => {
    const token = await requestChange(account, 'late.click@example.org');
    now = new Date(now.getTime() + 25 * 60 * 60_000);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_or_expired_link');
    expect((await getMe(account)).json().email).toBe(account.email);
  });

  it('answers 409 in words and changes nothing when the address was taken before the link was opened', async () => {
    const token = await requestChange(account, 'contested@example.org');
    await createAccount(t, 'patient', { email: 'contested@example.org' });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'email_already_in_use',
      message: expect.stringMatching(/already uses/),
    });
    expect((await getMe(account)).json()).toMatchObject({ email: account.email });
  });

  it('lets exactly one of two accounts confirming one address at once win, with no 5xx', async () => {
    const other = await createAccount(t, 'patient');
    const tokens = [
      await requestChange(account, 'both.want@example.org'),
      await requestChange(other, 'both.want@example.org'),
    ];
    const answers = await Promise.all(tokens.map((token) => confirm(token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'both.want@example.org')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('cancels the open change when the password is changed', async () => {
    const token = await requestChange(account, 'thief.mailbox@example.org');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(account),
      payload: { oldPassword: account.password, newPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await getMe(account)).json()).toMatchObject({
      email: account.email,
      pendingemail: null,
    });
  });

  it('cancels the open change when the password is reset by email', async () => {
    const token = await requestChange(account, 'thief.mailbox@example.org');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: account.email },
    });
    await drainJobs(t);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: {
        token: linkToken(mailTo(smtp, account.email).at(-1), 'reset-password'),
        newPassword: 'a brand new passphrase',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('sends at most 5 change links an hour per account', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await update(account, {
        email: `try${i}@example.org`,
        currentPassword: account.password,
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await update(account, {
      email: 'try5@example.org',
      currentPassword: account.password,
      city: 'Lund',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toMatch(/^Too many requests\. Please wait/);
    expect((await getMe(account)).json()).toMatchObject({
      pendingemail: 'try4@example.org',
      city: null,
    });
  });
});
