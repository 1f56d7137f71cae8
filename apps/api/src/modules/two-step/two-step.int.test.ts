import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  GOOD_PASSWORD,
  bearer,
  createAccount,
  refreshCookieFrom,
  signIn,
  type TestAccount,
} from '../../../test/accounts.ts';
import { totp } from '../../../test/rfc6238.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { PUBLIC_URL, drainJobs, linkToken, mailTo } from '../../../test/recovery-kit.ts';
import { savePendingSecret } from './repo.ts';

const STEP_MS = 30_000;

describe.each(testDialects())('two-step sign-in on %s', (dialect) => {
  let t: TestApp;
  // Every check of a code uses the app's clock; the tests move it.
  let nowMs = Date.now();
  const start = async (env: Record<string, string> = {}) => {
    nowMs = Date.now();
    t = await createTestApp(dialect, env, { clock: () => new Date(nowMs) });
  };
  afterEach(() => t.close());

  const post = (url: string, payload: object, who?: { accessToken: string }) =>
    t.app.inject({ method: 'POST', url, payload, headers: who ? bearer(who) : {} });
  const status = (who: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me/two-step', headers: bearer(who) });

  /** Turns two-step sign-in on with a code this test computes itself; returns the secret and codes. */
  async function turnOn(who: TestAccount) {
    const setup = await post('/api/v1/me/two-step/setup', { password: who.password }, who);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enabled = await post('/api/v1/me/two-step/enable', { code: totp(secret, nowMs) }, who);
    expect(enabled.statusCode).toBe(200);
    return { secret, recoverycodes: enabled.json<{ recoverycodes: string[] }>().recoverycodes };
  }

  async function challengeFor(who: { email: string; password: string }) {
    const res = await signIn(t, who.email, who.password);
    expect(res.statusCode).toBe(200);
    return res.json<{ twostep: string; challenge: string }>();
  }

  const secondStep = (payload: object) => post('/api/v1/auth/sign-in/two-step', payload);

  describe('turning it on', () => {
    it('gives a secret, an otpauth address and a QR code, and is on only once a code confirms it', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const wrongPassword = await post(
        '/api/v1/me/two-step/setup',
        { password: 'not my password' },
        patient,
      );
      expect(wrongPassword.statusCode).toBe(400);

      const setup = await post(
        '/api/v1/me/two-step/setup',
        { password: patient.password },
        patient,
      );
      expect(setup.statusCode).toBe(200);
      const body = setup.json<{ secret: string; otpauthurl: string; qr: string }>();
      expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(body.otpauthurl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.searchParams.get('secret')).toBe(body.secret);
      expect(url.searchParams.get('issuer')).toBe('Tend');
      expect(body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect((await status(patient)).json()).toEqual({
        enabled: false,
        required: false,
        recoverycodesleft: 0,
      });

      const wrong = await post('/api/v1/me/two-step/enable', { code: '000000' }, patient);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toHaveProperty('code');
      expect((await status(patient)).json().enabled).toBe(false);

      const enabled = await post(
        '/api/v1/me/two-step/enable',
        { code: totp(body.secret, nowMs) },
        patient,
      );
      expect(enabled.statusCode).toBe(200);
      const codes = enabled.json<{ recoverycodes: string[] }>().recoverycodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      expect((await status(patient)).json()).toEqual({
        enabled: true,
        required: false,
        recoverycodesleft: 10,
      });

      const again = await post(
        '/api/v1/me/two-step/setup',
        { password: patient.password },
        patient,
      );
      expect(again.statusCode).toBe(409);
    });

    it('refuses to set up again while on, in words, and the enabled secret keeps working', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret, recoverycodes } = await turnOn(patient);
      const again = await post(
        '/api/v1/me/two-step/setup',
        { password: patient.password },
        patient,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'two_step_on',
        message: expect.stringMatching(/already on/),
      });
      expect((await status(patient)).json()).toMatchObject({
        enabled: true,
        recoverycodesleft: 10,
      });
      nowMs += STEP_MS;
      const signedIn = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        code: totp(secret, nowMs),
      });
      expect(signedIn.statusCode).toBe(200);
      expect(recoverycodes).toHaveLength(10);
    });

    // A setup that read "not on" just before an /enable committed must still not replace the secret.
    it('never replaces an enabled secret, even from a setup that raced past the check', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      await turnOn(patient);
      const before = await t.db.kysely
        .selectFrom('two_step')
        .selectAll()
        .where('user_id', '=', patient.id)
        .executeTakeFirstOrThrow();
      const saved = await t.db.kysely
        .transaction()
        .execute((trx) => savePendingSecret(trx, patient.id, 'another sealed secret', new Date()));
      const after = await t.db.kysely
        .selectFrom('two_step')
        .selectAll()
        .where('user_id', '=', patient.id)
        .executeTakeFirst();
      expect(after).toEqual(before);
      expect(saved).toBe(false);
    });

    it('keeps the secret encrypted and the recovery codes hashed at rest', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret, recoverycodes } = await turnOn(patient);
      const stored = await t.db.kysely
        .selectFrom('two_step')
        .selectAll()
        .where('user_id', '=', patient.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(secret);
      const hashes = await t.db.kysely
        .selectFrom('two_step_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', patient.id)
        .execute();
      expect(hashes).toHaveLength(10);
      const text = JSON.stringify(hashes);
      for (const code of recoverycodes) expect(text).not.toContain(code.replace('-', ''));
    });
  });

  describe('signing in', () => {
    it('asks for a code after the password, then signs in with one the app computed', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);

      const first = await signIn(t, patient.email, patient.password);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ twostep: 'required', challenge: expect.any(String) });
      expect(first.cookies.find((c) => c.name === 'tend_refresh')).toBeUndefined();

      // The code of the next step, as a phone whose clock runs a little ahead would show.
      const { challenge } = first.json<{ challenge: string }>();
      const res = await secondStep({ challenge, code: totp(secret, nowMs + STEP_MS) });
      expect(res.statusCode).toBe(200);
      const session = res.json<{ accessToken: string; userType: string }>();
      expect(session.userType).toBe('patient');
      refreshCookieFrom(res);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(session) });
      expect(me.statusCode).toBe(200);

      // The challenge was used up.
      const reused = await secondStep({ challenge, code: totp(secret, nowMs) });
      expect(reused.statusCode).toBe(401);
    });

    it('never takes one code twice, nor a code from too far away in time', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);
      nowMs += 5 * STEP_MS;
      const code = totp(secret, nowMs);
      const once = await secondStep({ challenge: (await challengeFor(patient)).challenge, code });
      expect(once.statusCode).toBe(200);
      const twice = await secondStep({ challenge: (await challengeFor(patient)).challenge, code });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error.message).toMatch(/already used/i);
      // An earlier step's code, even inside the window, was overtaken by the one used.
      const older = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        code: totp(secret, nowMs - STEP_MS),
      });
      expect(older.statusCode).toBe(400);
      const far = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        code: totp(secret, nowMs + 3 * STEP_MS),
      });
      expect(far.statusCode).toBe(400);
    });

    it('takes each recovery code once', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { recoverycodes } = await turnOn(patient);
      const [code = ''] = recoverycodes;
      const typed = code.toUpperCase().replace('-', ' ');
      const ok = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        recoverycode: typed,
      });
      expect(ok.statusCode).toBe(200);
      refreshCookieFrom(ok);
      const again = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        recoverycode: code,
      });
      expect(again.statusCode).toBe(400);
      expect((await status(patient)).json().recoverycodesleft).toBe(9);
    });

    it('refuses a body with both a code and a recovery code, or neither, in words', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret, recoverycodes } = await turnOn(patient);
      const { challenge } = await challengeFor(patient);
      for (const payload of [
        { challenge, code: totp(secret, nowMs + STEP_MS), recoverycode: recoverycodes[0] },
        { challenge },
      ]) {
        const res = await secondStep(payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields.code).toMatch(/code from your app, or one recovery code/);
      }
      expect((await status(patient)).json().recoverycodesleft).toBe(10);
      const ok = await secondStep({ challenge, code: totp(secret, nowMs + STEP_MS) });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses made-up and expired challenges', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);
      const bogus = await secondStep({ challenge: 'x'.repeat(43), code: totp(secret, nowMs) });
      expect(bogus.statusCode).toBe(401);
      const { challenge } = await challengeFor(patient);
      nowMs += 11 * 60_000;
      const late = await secondStep({ challenge, code: totp(secret, nowMs) });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.message).toMatch(/sign in again/i);
    });

    it('ends a challenge after three wrong codes and pauses the account after five, in words', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);
      const wrong = (challenge: string) => secondStep({ challenge, code: '123456' });
      const first = (await challengeFor(patient)).challenge;
      for (let i = 0; i < 3; i += 1) expect((await wrong(first)).statusCode).toBe(400);
      const ended = await secondStep({ challenge: first, code: totp(secret, nowMs) });
      expect(ended.statusCode).toBe(401);

      const second = (await challengeFor(patient)).challenge;
      for (let i = 0; i < 2; i += 1) expect((await wrong(second)).statusCode).toBe(400);
      const paused = await secondStep({ challenge: second, code: totp(secret, nowMs) });
      expect(paused.statusCode).toBe(429);
      expect(paused.headers['retry-after']).toBeDefined();
      expect(paused.json().error.message).toMatch(/minute/);
    });
  });

  it('never logs a challenge, a secret, its QR code or a recovery code', async () => {
    await start();
    const patient = await createAccount(t, 'patient');
    const setup = await post('/api/v1/me/two-step/setup', { password: patient.password }, patient);
    const { secret, otpauthurl, qr } = setup.json<{
      secret: string;
      otpauthurl: string;
      qr: string;
    }>();
    const enabled = await post(
      '/api/v1/me/two-step/enable',
      { code: totp(secret, nowMs) },
      patient,
    );
    const { recoverycodes } = enabled.json<{ recoverycodes: string[] }>();
    const { challenge } = await challengeFor(patient);
    const [used = '', ...unused] = recoverycodes;
    expect((await secondStep({ challenge, recoverycode: used })).statusCode).toBe(200);
    expect(t.logs.length).toBeGreaterThan(5);
    const logs = t.logs.join('\n');
    for (const value of [secret, otpauthurl, qr, challenge, used, ...unused]) {
      expect(logs).not.toContain(value);
    }
  });

  describe('a new password', () => {
    // Whoever got past the old password must not finish signing in with it once it is replaced.
    it('ends a sign-in waiting for its code when the password is changed', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);
      const { challenge } = await challengeFor(patient);
      const changed = await post(
        '/api/v1/me/password',
        { oldPassword: patient.password, newPassword: 'a fresh and different passphrase' },
        patient,
      );
      expect(changed.statusCode).toBe(204);
      nowMs += STEP_MS;
      const late = await secondStep({ challenge, code: totp(secret, nowMs) });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('two_step_challenge_ended');
    });

    it('ends a sign-in waiting for its code when the password is reset by link', async () => {
      const smtp = await startSmtpServer();
      try {
        await start({ SMTP_URL: smtp.url, PUBLIC_URL });
        const patient = await createAccount(t, 'patient');
        const { secret } = await turnOn(patient);
        const { challenge } = await challengeFor(patient);
        await post('/api/v1/auth/password-reset', { email: patient.email });
        await drainJobs(t);
        const token = linkToken(mailTo(smtp, patient.email).at(-1), 'reset-password');
        const reset = await post('/api/v1/auth/password-reset/confirm', {
          token,
          newPassword: 'a fresh and different passphrase',
        });
        expect(reset.statusCode).toBe(200);
        nowMs += STEP_MS;
        const late = await secondStep({ challenge, code: totp(secret, nowMs) });
        expect(late.statusCode).toBe(401);
        expect(late.json().error.code).toBe('two_step_challenge_ended');
      } finally {
        await smtp.close();
      }
    });
  });

  describe('turning it off and new recovery codes', () => {
    it('needs the password and a code to turn off, after which the password alone signs in', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret } = await turnOn(patient);
      const noCode = await post(
        '/api/v1/me/two-step/disable',
        { password: patient.password, code: '000000' },
        patient,
      );
      expect(noCode.statusCode).toBe(400);
      // The code that turned it on was taken: the next one turns it off.
      nowMs += STEP_MS;
      const off = await post(
        '/api/v1/me/two-step/disable',
        { password: patient.password, code: totp(secret, nowMs) },
        patient,
      );
      expect(off.statusCode).toBe(204);
      expect((await status(patient)).json()).toMatchObject({
        enabled: false,
        recoverycodesleft: 0,
      });
      const res = await signIn(t, patient.email, patient.password);
      expect(res.json()).toHaveProperty('accessToken');
    });

    it('makes ten new recovery codes and the old ones stop working', async () => {
      await start();
      const patient = await createAccount(t, 'patient');
      const { secret, recoverycodes } = await turnOn(patient);
      nowMs += STEP_MS;
      const res = await post(
        '/api/v1/me/two-step/recovery-codes',
        { code: totp(secret, nowMs) },
        patient,
      );
      expect(res.statusCode).toBe(200);
      const fresh = res.json<{ recoverycodes: string[] }>().recoverycodes;
      expect(fresh).toHaveLength(10);
      const old = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        recoverycode: recoverycodes[0],
      });
      expect(old.statusCode).toBe(400);
      const now = await secondStep({
        challenge: (await challengeFor(patient)).challenge,
        recoverycode: fresh[0],
      });
      expect(now.statusCode).toBe(200);
    });
  });

  describe('required by role', () => {
    it('has a doctor set it up while signing in, with no session before, and never turn it off', async () => {
      await start({ REQUIRE_TWO_STEP: 'doctor,pharmacy' });
      const email = `required.${Date.now()}@example.org`;
      const registered = await post('/api/v1/auth/register', {
        email,
        password: GOOD_PASSWORD,
        firstname: 'Ada',
        lastname: 'Required',
        userType: 'doctor',
      });
      expect(registered.statusCode).toBe(201);
      const first = await signIn(t, email, GOOD_PASSWORD);
      expect(first.json()).toEqual({ twostep: 'setup_required', challenge: expect.any(String) });
      expect(first.cookies.find((c) => c.name === 'tend_refresh')).toBeUndefined();
      const { challenge } = first.json<{ challenge: string }>();

      // A setup challenge is not a second step.
      expect((await secondStep({ challenge, code: '123456' })).statusCode).toBe(401);

      const setup = await post('/api/v1/auth/sign-in/two-step/setup', { challenge });
      expect(setup.statusCode).toBe(200);
      const { secret, qr } = setup.json<{ secret: string; qr: string }>();
      expect(qr).toMatch(/^data:image\/svg\+xml/);
      const done = await post('/api/v1/auth/sign-in/two-step/enable', {
        challenge,
        code: totp(secret, nowMs),
      });
      expect(done.statusCode).toBe(200);
      const session = done.json<{ accessToken: string; recoverycodes: string[] }>();
      expect(session.recoverycodes).toHaveLength(10);
      const doctor: TestAccount = {
        id: '',
        email,
        password: GOOD_PASSWORD,
        userType: 'doctor',
        accessToken: session.accessToken,
        refreshCookie: refreshCookieFrom(done),
      };
      expect((await status(doctor)).json()).toEqual({
        enabled: true,
        required: true,
        recoverycodesleft: 10,
      });
      nowMs += STEP_MS;
      const off = await post(
        '/api/v1/me/two-step/disable',
        { password: GOOD_PASSWORD, code: totp(secret, nowMs) },
        doctor,
      );
      expect(off.statusCode).toBe(403);
      expect((await challengeFor(doctor)).twostep).toBe('required');

      // Patients are not required to.
      const patient = await createAccount(t, 'patient');
      expect((await status(patient)).json()).toMatchObject({ required: false });
    });
  });
});
