import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import {
  appWith,
  bearer,
  onePatient,
  createAccount,
  signIn,
  type TestAccount,
} from '../../../test/accounts.ts';
import { auditEventsByActor } from '../audit/service.ts';

const NEW_PASSWORD = 'another long passphrase';

describe.each(testDialects())('my account on %s', (dialect) => {
  let t: TestApp;
  let patient: TestAccount;
  beforeEach(async () => ({ t, s: patient } = await appWith(onePatient, dialect)));
  afterEach(() => t.close());

  const update = (account: TestAccount, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/me/update', headers: bearer(account), payload });
  const getMe = (account: TestAccount) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(account) });

  describe('profile', () => {
    it('is refused without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/update',
        payload: { city: 'Oslo' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('saves every field and answers with the stored profile; blank text clears a field', async () => {
      // Email is not among them: a new address waits for its emailed link (email-change.int.test.ts).
      const all = {
        firstname: 'Grace',
        lastname: 'Hopper',
        dateofbirth: '1980-02-29',
        bloodgroup: 'AB',
        number: '+47 22 33 44 55',
        address: '1 Main Street',
        city: 'Oslo',
        state: 'Oslo',
        postcode: '0150',
        country: 'Norway',
        timezone: 'Europe/Oslo',
      };
      const res = await update(patient, all);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ...all,
        _id: patient.id,
        userType: 'patient',
        avatarUrl: null,
        pendingemail: null,
      });
      expect((await getMe(patient)).json()).toMatchObject(all);
      const cleared = await update(patient, { address: '  ', bloodgroup: null });
      expect(cleared.json()).toMatchObject({ address: null, bloodgroup: null, city: 'Oslo' });
    });

    it('keeps the language Tend speaks to the person: English unless chosen, then theirs', async () => {
      expect((await getMe(patient)).json()).toMatchObject({ language: 'en' });
      const res = await update(patient, { language: 'es' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ language: 'es' });
      expect((await getMe(patient)).json()).toMatchObject({ language: 'es' });
    });

    it('takes the language of the page someone signed up on', async () => {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: `hablante.${Date.now()}@example.org`,
          password: NEW_PASSWORD,
          firstname: 'Lucía',
          lastname: 'Fernández',
          userType: 'patient',
          language: 'es',
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: registered.json().user.email, password: NEW_PASSWORD },
      });
      const token = signedIn.json().accessToken as string;
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json()).toMatchObject({ language: 'es' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: `parleur.${Date.now()}@example.org`,
          password: NEW_PASSWORD,
          firstname: 'Léa',
          lastname: 'Martin',
          language: 'fr',
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['language']);
    });

    it.each([
      [{ bloodgroup: 'C' }, 'bloodgroup'],
      [{ dateofbirth: '2026-02-30' }, 'dateofbirth'],
      [{ dateofbirth: '3000-01-01' }, 'dateofbirth'],
      [{ number: 'call me' }, 'number'],
      [{ email: 'nope' }, 'email'],
      [{ firstname: '' }, 'firstname'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ language: 'fr' }, 'language'],
      [{ postcode: 'x'.repeat(21) }, 'postcode'],
      [{ password: 'sneaky-change' }, 'password'],
      [{ userType: 'doctor' }, 'userType'],
      [{ specialty: 'Cardiology' }, 'specialty'],
    ])('refuses %o with 400 naming %s and changes nothing', async (payload, field) => {
      const before = (await getMe(patient)).json();
      const res = await update(patient, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect((await getMe(patient)).json()).toEqual(before);
    });

    it('lets a doctor describe their practice', async () => {
      const doctor = await createAccount(t, 'doctor');
      const practice = {
        specialty: 'Cardiology',
        yearsofexperience: 12,
        consultationfee: 45.5,
        location: 'Bergen',
        bio: 'Heart care.',
      };
      const res = await update(doctor, practice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(practice);
    });

    it('says in words that a new email cannot be confirmed where Tend sends no email, and changes nothing', async () => {
      const before = (await getMe(patient)).json();
      const res = await update(patient, {
        email: 'elsewhere@example.org',
        currentPassword: patient.password,
        city: 'Oslo',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'email_not_configured',
        message: expect.stringMatching(/does not send email/),
      });
      expect((await getMe(patient)).json()).toEqual(before);
    });
  });

  describe('change password', () => {
    const change = (account: TestAccount, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/password',
        headers: bearer(account),
        payload,
      });

    it('refuses a wrong current password and a weak new one, changing nothing', async () => {
      const wrong = await change(patient, {
        oldPassword: 'not mine at all',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'incorrect_password',
        fields: { oldPassword: expect.any(String) },
      });
      const weak = await change(patient, {
        oldPassword: patient.password,
        newPassword: 'password',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields).toEqual({
        newPassword: 'This password is too common and easy to guess. Choose another.',
      });
      expect((await signIn(t, patient.email, patient.password)).statusCode).toBe(200);
    });

    it('changes it, keeps this session and ends every other one at once', async () => {
      const elsewhere = await signIn(t, patient.email, patient.password);
      const otherToken = { accessToken: elsewhere.json<{ accessToken: string }>().accessToken };
      const res = await change(patient, {
        oldPassword: patient.password,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(204);
      expect((await getMe(patient)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(otherToken) }))
          .statusCode,
      ).toBe(401);
      expect((await signIn(t, patient.email, patient.password)).statusCode).toBe(401);
      expect((await signIn(t, patient.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('delete account', () => {
    const remove = (account: TestAccount, payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: bearer(account), payload });

    it('requires the password to be entered again', async () => {
      const res = await remove(patient, { password: 'not it' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: expect.any(String) });
      expect((await remove(patient, {})).statusCode).toBe(400);
      expect((await getMe(patient)).statusCode).toBe(200);
    });

    it('removes the account and everything recorded about it; the token is refused at once', async () => {
      const other = await createAccount(t, 'patient');
      const res = await remove(patient, { password: patient.password });
      expect(res.statusCode).toBe(204);
      expect((await getMe(patient)).statusCode).toBe(401);
      expect((await signIn(t, patient.email, patient.password)).statusCode).toBe(401);
      const k = t.db.kysely;
      expect(
        await k.selectFrom('users').select('id').where('id', '=', patient.id).execute(),
      ).toEqual([]);
      expect(
        await k.selectFrom('sessions').select('id').where('user_id', '=', patient.id).execute(),
      ).toEqual([]);
      expect((await auditEventsByActor(k, patient.id)).map((e) => e.action)).toEqual([
        'account.deleted',
      ]);
      expect((await getMe(other)).statusCode).toBe(200);
    });
  });

  it('records sign-in successes and failures, sign-outs and password changes, with the client address', async () => {
    await signIn(t, patient.email, 'wrong password here');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(patient),
      payload: { oldPassword: patient.password, newPassword: NEW_PASSWORD },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(patient) });
    const events = await auditEventsByActor(t.db.kysely, patient.id);
    expect(events.map((e) => e.action)).toEqual([
      'account.registered',
      'auth.sign_in_succeeded',
      'auth.sign_in_failed',
      'account.password_changed',
      'auth.signed_out',
    ]);
    expect(events.every((e) => e.ip === '127.0.0.1' || e.ip?.startsWith('10.0.'))).toBe(true);
  });

  it('never logs or returns a password, token or hash', async () => {
    const account = await createAccount(t, 'doctor', { password: 'unmistakable secret phrase' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(account),
      payload: { oldPassword: account.password, newPassword: 'another unmistakable phrase' },
    });
    const row = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const logs = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(5);
    for (const secret of [
      'unmistakable',
      account.accessToken,
      account.refreshCookie.split('=')[1] ?? '',
      row.password_hash,
      '$argon2',
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect((await getMe(account)).body).not.toMatch(/argon2|password/i);
  });
});
