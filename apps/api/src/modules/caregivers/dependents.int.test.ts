import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAREGIVER_AREAS, MAX_DEPENDENTS } from '@tend/shared';
import { callsOn, createAccount, signIn, type TestAccount } from '../../../test/accounts.ts';
import { testDialects, type TestApp } from '../../../test/helper.ts';
import { closeMailingApp, drainJobs, mailTo, startMailingApp } from '../../../test/recovery-kit.ts';
import type { TestSmtpServer } from '../../../test/smtp-server.ts';

const NEW_PASSWORD = 'leo keeps his own passphrase';
let now = new Date('2026-11-21T12:00:00Z');

describe.each(testDialects())('dependents on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let maria: TestAccount;
  let stranger: TestAccount;
  const call = callsOn(() => t);

  beforeEach(async () => {
    now = new Date('2026-11-21T12:00:00Z');
    ({ t, smtp } = await startMailingApp(dialect, () => now));
    maria = await createAccount(t, 'patient', { firstname: 'Maria' });
    stranger = await createAccount(t, 'patient');
    await drainJobs(t);
    smtp.received.length = 0;
  });
  afterEach(() => closeMailingApp(t, smtp));

  const addLeo = () =>
    call(maria, 'POST', '/api/v1/dependents', {
      firstname: 'Leo',
      lastname: 'Silva',
      dateofbirth: '2019-04-02',
    });
  /** Leo made, and his own sign-in sent to his address: the link's id and secret. */
  const invitedLeo = async (email = 'leo@example.org') => {
    const leoId = (await addLeo()).json().patient._id as string;
    const sent = await call(maria, 'POST', `/api/v1/dependents/${leoId}/invite`, { email });
    expect(sent.statusCode).toBe(202);
    await drainJobs(t);
    const mail = mailTo(smtp, email)[0];
    const [, id = '', token = ''] =
      /caregiving\/own-sign-in\?invitation=([^#\s]+)#([A-Za-z0-9_-]+)/.exec(
        mail?.parsed.text ?? '',
      ) ?? [];
    expect(token).not.toBe('');
    return { leoId, id, token };
  };
  const take = (id: string, token: string, password = NEW_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/dependent-invitations/${id}/accept`,
      payload: { token, password },
    });

  it('makes a dependent cared for by its maker with every area, who can act for them', async () => {
    const res = await addLeo();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'active',
      dependent: true,
      areas: [...CAREGIVER_AREAS],
      patient: { firstname: 'Leo', lastname: 'Silva' },
      caregiver: { _id: maria.id },
    });
    const leoId = res.json().patient._id as string;
    const cared = await call(maria, 'GET', '/api/v1/caregivers?as=caregiver');
    expect(cared.json().caregivers).toHaveLength(1);
    // Stepping back would leave Leo with nobody: refused in words until he has his own sign-in.
    const link = res.json()._id as string;
    const stepBack = await call(maria, 'DELETE', `/api/v1/caregivers/${link}`);
    expect(stepBack.statusCode).toBe(409);
    expect(stepBack.json().error.message).toContain('no sign-in of their own');
    const meds = await call(maria, 'GET', `/api/v1/medications?patientId=${leoId}`);
    expect(meds.statusCode).toBe(200);
    // Nobody else reaches Leo's record.
    const theirs = await call(stranger, 'GET', `/api/v1/medications?patientId=${leoId}`);
    expect(theirs.statusCode).toBe(404);
    // Nothing is ever mailed to the address a dependent's record holds.
    await drainJobs(t);
    expect(smtp.received.filter((m) => m.to.some((to) => to.endsWith('.invalid')))).toEqual([]);
  });

  it('lets the carer keep the medication list and share it with a doctor, who then sees them', async () => {
    const leoId = (await addLeo()).json().patient._id as string;
    const doctor = await createAccount(t, 'doctor');
    const added = await call(maria, 'POST', `/api/v1/medications?patientId=${leoId}`, {
      name: 'Amoxicillin',
      startdate: '2026-11-20',
      timefrequency: 'day',
    });
    expect(added.statusCode).toBe(201);
    const shared = await call(maria, 'POST', `/api/v1/care-links?patientId=${leoId}`, {
      doctorId: doctor.id,
    });
    expect(shared.statusCode).toBe(201);
    const links = await call(maria, 'GET', `/api/v1/care-links?patientId=${leoId}`);
    expect(links.body).toContain(doctor.id);
    // Maria's own links stay her own.
    expect((await call(maria, 'GET', '/api/v1/care-links')).body).not.toContain(doctor.id);
    const tracked = await call(doctor, 'GET', `/api/v1/trackmedications/${leoId}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).toContain('Amoxicillin');
    // Nobody else keeps Leo's list.
    const ana = await createAccount(t, 'patient', { firstname: 'Ana' });
    const other = await call(ana, 'POST', `/api/v1/medications?patientId=${leoId}`, {
      name: 'Nothing',
      startdate: '2026-11-20',
      timefrequency: 'day',
    });
    expect(other.statusCode).toBe(404);
  });

  it("keeps the medication list and care links the patient's own for an ordinary caregiver", async () => {
    const ana = await createAccount(t, 'patient', { firstname: 'Ana' });
    const invited = await call(maria, 'POST', '/api/v1/caregivers', {
      email: ana.email,
      areas: [...CAREGIVER_AREAS],
    });
    await call(ana, 'POST', `/api/v1/caregivers/${invited.json()._id}/accept`, {});
    const add = await call(ana, 'POST', `/api/v1/medications?patientId=${maria.id}`, {
      name: 'Metformin',
      startdate: '2026-11-20',
      timefrequency: 'day',
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toContain('not shared with you');
    expect((await call(ana, 'GET', `/api/v1/care-links?patientId=${maria.id}`)).statusCode).toBe(
      403,
    );
  });

  it('refuses a dependent without names or with a date of birth in the future, in words', async () => {
    const res = await call(maria, 'POST', '/api/v1/dependents', {
      firstname: ' ',
      lastname: 'Silva',
      dateofbirth: '2999-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter their first name.');
    expect(res.body).toContain('Date of birth must be between 1900 and today.');
    expect((await call(maria, 'GET', '/api/v1/caregivers?as=caregiver')).json().caregivers).toEqual(
      [],
    );
  });

  it(`allows ${MAX_DEPENDENTS} dependents at most, then refuses in words`, async () => {
    for (let i = 0; i < MAX_DEPENDENTS; i++) expect((await addLeo()).statusCode).toBe(201);
    const res = await addLeo();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`${MAX_DEPENDENTS} people`);
  });

  it('hands a dependent their own sign-in; then they are a patient like any other', async () => {
    const { leoId, id, token } = await invitedLeo();
    const look = await t.app.inject({
      method: 'POST',
      url: `/api/v1/dependent-invitations/${id}/look`,
      payload: { token },
    });
    expect(look.json()).toMatchObject({
      email: 'leo@example.org',
      dependent: { _id: leoId, firstname: 'Leo' },
      invitedBy: { _id: maria.id },
    });
    expect((await take(id, token, 'short')).statusCode).toBe(400);
    const taken = await take(id, token);
    expect(taken.statusCode).toBe(200);
    expect((await take(id, token)).statusCode).toBe(404);

    const signedIn = await signIn(t, 'leo@example.org', NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const leo = { accessToken: signedIn.json().accessToken as string };
    // Leo now sees Maria among his caregivers, with every area, and may change it.
    const mine = await call(leo, 'GET', '/api/v1/caregivers');
    const link = mine.json().caregivers[0];
    expect(link).toMatchObject({ caregiver: { _id: maria.id }, dependent: false });
    const changed = await call(leo, 'PATCH', `/api/v1/caregivers/${link._id}`, {
      areas: ['medications'],
    });
    expect(changed.statusCode).toBe(200);
    // Maria is told, and can no longer send him a sign-in.
    const bell = await call(maria, 'GET', '/api/v1/notifications');
    expect(bell.body).toContain('Leo Silva has their own sign-in');
    const again = await call(maria, 'POST', `/api/v1/dependents/${leoId}/invite`, {
      email: 'other@example.org',
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an address taken meanwhile, a lapsed link, and anyone but the carer', async () => {
    const taken = await invitedLeo('leo.taken@example.org');
    await createAccount(t, 'patient', { email: 'leo.taken@example.org' });
    const res = await take(taken.id, taken.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('already has a Tend account');

    const lapsing = await invitedLeo('leo.late@example.org');
    now = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect((await take(lapsing.id, lapsing.token)).statusCode).toBe(410);

    const byStranger = await call(stranger, 'POST', `/api/v1/dependents/${taken.leoId}/invite`, {
      email: 'x@example.org',
    });
    expect(byStranger.statusCode).toBe(404);
    // A record that cannot sign in: its placeholder address and no password do not open it.
    const placeholder = `dependent-${taken.leoId}@tend.invalid`;
    expect((await signIn(t, placeholder, '')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await signIn(t, placeholder, 'anything at all here')).statusCode).toBe(401);
  });
});
