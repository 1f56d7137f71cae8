import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CAREGIVERS } from '@tend/shared';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { callsOn, createAccount, type TestAccount } from '../../../test/accounts.ts';

let now = new Date('2026-11-21T12:00:00Z');

describe.each(testDialects())('caregivers on %s', (dialect) => {
  let t: TestApp;
  let maria: TestAccount;
  let ana: TestAccount;
  let stranger: TestAccount;
  const call = callsOn(() => t);

  beforeEach(async () => {
    now = new Date('2026-11-21T12:00:00Z');
    t = await createTestApp(dialect, {}, { clock: () => now });
    maria = await createAccount(t, 'patient', { firstname: 'Maria' });
    ana = await createAccount(t, 'patient', { firstname: 'Ana' });
    stranger = await createAccount(t, 'patient');
  });
  afterEach(() => t.close());

  const invite = (email: string, areas: string[], who = maria) =>
    call(who, 'POST', '/api/v1/caregivers', { email, areas });
  const accepted = async (areas: string[]) => {
    const res = await invite(ana.email, areas);
    expect(res.statusCode).toBe(201);
    const id = res.json()._id as string;
    expect((await call(ana, 'POST', `/api/v1/caregivers/${id}/accept`, {})).statusCode).toBe(200);
    return id;
  };

  it('invites with the same answer whether or not the address has an account', async () => {
    const known = await invite(ana.email.toUpperCase(), ['medications']);
    const unknown = await invite('nobody-yet@example.org', ['medications']);
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    const keys = (r: typeof known) => Object.keys(r.json()).sort();
    expect(keys(known)).toEqual(keys(unknown));
    expect(known.json()).toMatchObject({
      status: 'invited',
      areas: ['medications'],
      caregiver: null,
    });
    expect(unknown.json().expiresAt).toBe('2026-11-28T12:00:00.000Z');
  });

  it('refuses doses without medications in words, and inviting oneself', async () => {
    const res = await invite(ana.email, ['doses']);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ticking doses needs seeing the medications too');
    expect((await invite(maria.email, ['medications'])).statusCode).toBe(400);
  });

  it('accepts, lists both sides, and lets the caregiver read the checklist by naming the patient', async () => {
    const med = await call(maria, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    const id = await accepted(['medications']);
    const mine = await call(maria, 'GET', '/api/v1/caregivers');
    expect(mine.json().caregivers[0]).toMatchObject({
      _id: id,
      status: 'active',
      caregiver: { _id: ana.id },
    });
    const cared = await call(ana, 'GET', '/api/v1/caregivers?as=caregiver');
    expect(cared.json().caregivers[0]).toMatchObject({ patient: { _id: maria.id } });

    const list = await call(ana, 'GET', `/api/v1/medications?patientId=${maria.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Metformin');
    // Without `doses`, ticking is refused in words; changing the list is never a caregiver's.
    const tick = await call(
      ana,
      'PUT',
      `/api/v1/medications/${med.json()._id}/doses/2026-11-21?patientId=${maria.id}`,
      { taken: true },
    );
    expect(tick.statusCode).toBe(403);
    expect(tick.json().error.code).toBe('area_not_shared');
    // One event per look, by Ana, on Maria's log; the refused tick reached no service.
    const log = await call(maria, 'GET', '/api/v1/me/access-log');
    const events: { action: string; actor: { _id: string } }[] = log.json().events;
    const looks = events.filter((e) => e.action === 'caregiver.medications.viewed');
    expect(looks).toHaveLength(1);
    expect(looks[0]?.actor._id).toBe(ana.id);
    expect(events.map((e) => e.action)).not.toContain('caregiver.doses.changed');
  });

  it('with doses, ticks on the patient’s behalf; removed, the next request is refused', async () => {
    const med = await call(maria, 'POST', '/api/v1/medications', {
      name: 'Metformin',
      startdate: '2026-11-01',
      timefrequency: 'day',
    });
    const id = await accepted(['medications', 'doses']);
    const url = `/api/v1/medications/${med.json()._id}/doses/2026-11-21?patientId=${maria.id}`;
    expect((await call(ana, 'PUT', url, { taken: true })).statusCode).toBe(200);
    const own = await call(maria, 'GET', '/api/v1/medications');
    expect(own.json().medications[0].taken).toBe(true);

    expect((await call(maria, 'DELETE', `/api/v1/caregivers/${id}`)).statusCode).toBe(204);
    const after = await call(ana, 'GET', `/api/v1/medications?patientId=${maria.id}`);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('Metformin');
  });

  it('refuses another patient naming someone who does not have them as caregiver', async () => {
    await accepted(['medications']);
    const res = await call(stranger, 'GET', `/api/v1/medications?patientId=${maria.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('lets an invitation lapse after 7 days', async () => {
    const id = (await invite(ana.email, ['medications'])).json()._id;
    now = new Date('2026-11-28T12:00:01Z');
    const res = await call(ana, 'POST', `/api/v1/caregivers/${id}/accept`, {});
    expect(res.statusCode).toBe(410);
    expect((await call(maria, 'GET', '/api/v1/caregivers')).json().caregivers).toEqual([]);
  });

  it('declines; a stranger cannot answer someone else’s invitation', async () => {
    const id = (await invite(ana.email, ['medications'])).json()._id;
    expect((await call(stranger, 'POST', `/api/v1/caregivers/${id}/accept`, {})).statusCode).toBe(
      404,
    );
    expect((await call(ana, 'POST', `/api/v1/caregivers/${id}/decline`, {})).statusCode).toBe(204);
    expect((await call(maria, 'GET', '/api/v1/caregivers')).json().caregivers).toEqual([]);
  });

  it('refuses inviting someone already caring, in words (409)', async () => {
    await accepted(['medications']);
    const res = await invite(ana.email, ['reports']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('already helps you');
  });

  it(`allows ${MAX_CAREGIVERS} caregivers and invitations at most (409 in words)`, async () => {
    for (let i = 0; i < MAX_CAREGIVERS; i += 1) {
      expect((await invite(`helper${i}@example.org`, ['reports'])).statusCode).toBe(201);
    }
    const res = await invite('one-more@example.org', ['reports']);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`${MAX_CAREGIVERS} caregivers`);
  });

  it('changes areas (the patient) and alerts (the caregiver), each refused the other’s', async () => {
    const id = await accepted(['medications']);
    const byPatient = await call(maria, 'PATCH', `/api/v1/caregivers/${id}`, {
      areas: ['medications', 'doses', 'reports'],
      alerts: { delayminutes: 90 },
    });
    expect(byPatient.json()).toMatchObject({
      areas: ['medications', 'doses', 'reports'],
      alerts: { delayminutes: 90 },
    });
    expect(
      (await call(ana, 'PATCH', `/api/v1/caregivers/${id}`, { areas: ['reports'] })).statusCode,
    ).toBe(403);
    const byCarer = await call(ana, 'PATCH', `/api/v1/caregivers/${id}`, {
      alerts: { misseddoses: true },
    });
    expect(byCarer.json().alerts.misseddoses).toBe(true);
  });

  it('lets the caregiver step back', async () => {
    const id = await accepted(['medications']);
    expect((await call(ana, 'DELETE', `/api/v1/caregivers/${id}`)).statusCode).toBe(204);
    expect((await call(ana, 'GET', `/api/v1/medications?patientId=${maria.id}`)).statusCode).toBe(
      404,
    );
  });
});
