import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Prescription } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
} from '../../lib/database-unavailable.ts';
import type { TestAccount } from '../../../test/accounts.ts';
import {
  METFORMIN,
  pharmacyScenario,
  type PrescriptionScenario,
} from '../../../test/prescription-scenario.ts';

describe.each(testDialects())('filling a prescription, on %s', (dialect) => {
  let s: PrescriptionScenario;
  let pharmacy: TestAccount;
  let otherPharmacy: TestAccount;
  beforeEach(async () => ({ s, pharmacy, otherPharmacy } = await pharmacyScenario(dialect)));
  afterEach(() => s.t.close());

  const send = (id: string, pharmacyId = pharmacy.id) =>
    s.call(s.patient, 'POST', `/api/v1/prescriptions/${id}/send`, { pharmacyId });
  const step = (id: string, body: object, who: TestAccount = pharmacy) =>
    s.call(who, 'POST', `/api/v1/prescriptions/${id}/fills/current`, body);
  const notesOf = async (who: TestAccount) =>
    (await s.call(who, 'GET', '/api/v1/notifications')).json<{
      notifications: Array<{ kind: string; title: string; body: string; link: string }>;
    }>().notifications;

  it('sending asks for fill 1 at that pharmacy; moving it moves the fill still requested', async () => {
    const p = await s.prescribe();
    const sent = (await send(p._id)).json<Prescription>();
    expect(sent.fills).toEqual([
      {
        _id: expect.any(String) as string,
        number: 1,
        pharmacy: expect.objectContaining({ _id: pharmacy.id, name: 'Álamo Pharmacy' }) as unknown,
        status: 'requested',
        reason: null,
        createdAt: '2027-03-10T12:00:00.000Z',
        updatedAt: '2027-03-10T12:00:00.000Z',
        dispensedAt: null,
      },
    ]);
    expect(sent.renewal).toBeNull();
    // The pharmacy by its name in the directory, not its account holder's.
    expect(sent.pharmacy?.name).toBe('Álamo Pharmacy');
    const moved = (await send(p._id, otherPharmacy.id)).json<Prescription>();
    expect(moved.fills).toHaveLength(1);
    expect(moved.fills[0]?.pharmacy?._id).toBe(otherPharmacy.id);
    expect((await step(p._id, { status: 'preparing' })).statusCode).toBe(404);
    expect((await step(p._id, { status: 'preparing' }, otherPharmacy)).statusCode).toBe(200);
    // In hand now: it stays where it is.
    const again = await send(p._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'fill_in_progress' } });
  });

  it('goes requested → preparing → ready → dispensed, telling the patient each time and logging each step', async () => {
    const p = await s.prescribe();
    await send(p._id);
    const preparing = await step(p._id, { status: 'preparing' });
    expect(preparing.statusCode).toBe(200);
    expect(preparing.json<Prescription>().fills[0]?.status).toBe('preparing');
    // The pharmacy reads what it reads through GET: the note included.
    expect(preparing.json<Prescription>().note).toBe(p.note);
    s.setNow('2027-03-10T15:00:00.000Z');
    expect((await step(p._id, { status: 'ready' })).statusCode).toBe(200);
    s.setNow('2027-03-10T16:30:00.000Z');
    const dispensed = await step(p._id, { status: 'dispensed' });
    expect(dispensed.statusCode).toBe(200);
    const body = dispensed.json<Prescription>();
    expect(body.fills[0]).toMatchObject({
      status: 'dispensed',
      dispensedAt: '2027-03-10T16:30:00.000Z',
      updatedAt: '2027-03-10T16:30:00.000Z',
    });
    expect(body).toMatchObject({ status: 'active', refills: 2, refillsleft: 2 });

    const notes = await notesOf(s.patient);
    expect(notes.slice(0, 3).map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'Prescription dispensed',
        'Álamo Pharmacy handed over your Metformin (First fill). It is on your medication list now.',
        '/patient/prescriptions',
      ],
      [
        'Prescription ready to collect',
        'Your Metformin (First fill) is ready to collect at Álamo Pharmacy.',
        '/patient/prescriptions',
      ],
      [
        'Prescription being prepared',
        'Álamo Pharmacy is preparing your Metformin (First fill).',
        '/patient/prescriptions',
      ],
    ]);
    const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string }>;
    }>();
    const byPharmacy = log.events.filter((e) => JSON.stringify(e).includes(pharmacy.id));
    expect(byPharmacy.map((e) => e.description)).toEqual([
      'Dispensed one of your prescriptions',
      'Marked one of your prescriptions ready to collect',
      'Started preparing one of your prescriptions',
    ]);
  });

  it('lists a pharmacy its queue (fill=open): only prescriptions whose fill is still with it', async () => {
    const waiting = await s.prescribe();
    const handedOver = await s.prescribe({
      medication: { ...METFORMIN.medication, name: 'Lisinopril' },
    });
    const unsent = await s.prescribe({
      medication: { ...METFORMIN.medication, name: 'Atorvastatin' },
    });
    await send(waiting._id);
    await send(handedOver._id);
    await s.dispense(pharmacy, handedOver._id);
    const queue = await s.call(pharmacy, 'GET', '/api/v1/prescriptions?status=active&fill=open');
    expect(queue.statusCode).toBe(200);
    const ids = queue.json<{ prescriptions: Prescription[] }>().prescriptions.map((p) => p._id);
    expect(ids).toEqual([waiting._id]);
    expect(ids).not.toContain(unsent._id);
    // Everything sent to it is still in its full list.
    const all = (await s.call(pharmacy, 'GET', '/api/v1/prescriptions')).json<{
      prescriptions: Prescription[];
    }>();
    expect(all.prescriptions.map((p) => p._id).sort()).toEqual(
      [waiting._id, handedOver._id].sort(),
    );
    const bad = await s.call(pharmacy, 'GET', '/api/v1/prescriptions?fill=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('fill is open');
  });

  it('refuses steps out of order, with words, and changes nothing', async () => {
    const p = await s.prescribe();
    await send(p._id);
    const early = await step(p._id, { status: 'ready' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: {
        code: 'fill_step_not_allowed',
        message:
          'First fill is only requested so far, so it cannot be marked ready to collect. Mark it as being prepared first.',
      },
    });
    await step(p._id, { status: 'preparing' });
    const handed = await step(p._id, { status: 'dispensed' });
    expect(handed.statusCode).toBe(409);
    expect(handed.json()).toMatchObject({
      error: { message: expect.stringContaining('Mark it ready to collect') as string },
    });
    expect((await step(p._id, { status: 'preparing' })).statusCode).toBe(409);
    await step(p._id, { status: 'ready' });
    await step(p._id, { status: 'dispensed' });
    const twice = await step(p._id, { status: 'dispensed' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      error: {
        code: 'fill_not_open',
        message: 'There is no open fill of this prescription: First fill was already dispensed.',
      },
    });
    const late = await step(p._id, { status: 'refused', reason: 'Out of stock.' });
    expect(late.statusCode).toBe(409);
    expect(await s.medications()).toHaveLength(2);

    for (const bad of [
      { status: 'refused' },
      { status: 'refused', reason: '   ' },
      { status: 'refused', reason: 'x'.repeat(501) },
      { status: 'ready', reason: 'Because.' },
      { status: 'requested' },
      { status: 'dispensed', extra: 1 },
    ]) {
      const res = await step(p._id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a refusal needs a reason, tells the patient, and sending again asks for the fill anew', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await step(p._id, { status: 'preparing' });
    const refused = await step(p._id, { status: 'refused', reason: 'Out of stock until May.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json<Prescription>().fills[0]).toMatchObject({
      status: 'refused',
      reason: 'Out of stock until May.',
    });
    expect((await notesOf(s.patient))[0]).toMatchObject({
      title: 'Prescription refused',
      body: 'Álamo Pharmacy could not fill your Metformin (First fill): Out of stock until May.. You can send it to another pharmacy.',
    });
    const log = (await s.call(s.patient, 'GET', '/api/v1/me/access-log')).json<{
      events: Array<{ description: string }>;
    }>();
    expect(log.events[0]?.description).toBe('Refused to fill one of your prescriptions');

    const resent = (await send(p._id, otherPharmacy.id)).json<Prescription>();
    expect(resent.fills).toEqual([
      expect.objectContaining({
        number: 1,
        status: 'requested',
        reason: null,
        pharmacy: expect.objectContaining({ _id: otherPharmacy.id }) as unknown,
      }),
    ]);
    expect((await step(p._id, { status: 'preparing' }, otherPharmacy)).statusCode).toBe(200);
  });

  it('will not fill a cancelled or an expired prescription (409 in words), nor add a medication', async () => {
    const cancelled = await s.prescribe();
    await send(cancelled._id);
    await step(cancelled._id, { status: 'preparing' });
    await step(cancelled._id, { status: 'ready' });
    await s.callExpecting(200, s.doctor, 'POST', `/api/v1/prescriptions/${cancelled._id}/cancel`, {
      reason: 'Interaction with a new medication.',
    });
    expect((await notesOf(pharmacy))[0]).toMatchObject({
      title: 'Prescription cancelled',
      body: 'The prescriber cancelled a prescription for Metformin sent to you: do not fill it.',
    });
    const handed = await step(cancelled._id, { status: 'dispensed' });
    expect(handed.statusCode).toBe(409);
    expect(handed.json()).toMatchObject({
      error: {
        code: 'prescription_cancelled',
        message: expect.stringContaining('cancelled') as string,
      },
    });

    const short = await s.prescribe({ validuntil: '2027-03-12' });
    await send(short._id);
    await step(short._id, { status: 'preparing' });
    await step(short._id, { status: 'ready' });
    s.setNow('2027-03-13T12:00:00.000Z');
    const expired = await step(short._id, { status: 'dispensed' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      error: {
        code: 'prescription_expired',
        message:
          'This prescription was valid until 2027-03-12 and has expired, so it can no longer be filled.',
      },
    });
    // Refusing what cannot be filled any more is still allowed: it closes the fill.
    expect((await step(short._id, { status: 'refused', reason: 'Expired.' })).statusCode).toBe(200);
    expect(await s.medications()).toEqual([]);
    const fills = (
      await s.call(s.patient, 'GET', `/api/v1/prescriptions/${cancelled._id}`)
    ).json<Prescription>().fills;
    expect(fills[0]?.status).toBe('ready');
  });

  it('is for the pharmacy it was sent to: another pharmacy 404, patients and doctors 403', async () => {
    const p = await s.prescribe();
    const unsent = await s.prescribe();
    await send(p._id);
    for (const [who, status] of [
      [otherPharmacy, 404],
      [s.patient, 403],
      [s.otherPatient, 403],
      [s.doctor, 403],
      [s.otherDoctor, 403],
      [null, 401],
    ] as const) {
      const res = await step(p._id, { status: 'preparing' }, who as TestAccount);
      expect(res.statusCode).toBe(status);
    }
    expect((await step(unsent._id, { status: 'preparing' })).statusCode).toBe(404);
    expect((await step('no-such-id', { status: 'preparing' })).statusCode).toBe(404);
    const fill = (
      await s.call(s.patient, 'GET', `/api/v1/prescriptions/${p._id}`)
    ).json<Prescription>().fills[0];
    expect(fill?.status).toBe('requested');
  });

  it('once dispensed it stays at that pharmacy: sending it elsewhere is a 409 in words', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await s.dispense(pharmacy, p._id);
    const elsewhere = await send(p._id, otherPharmacy.id);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      error: { code: 'already_dispensed', message: expect.stringContaining('refill') as string },
    });
  });

  it('dispenses a fill once when twenty requests race: one 200, nineteen 409, one set of medications', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await step(p._id, { status: 'preparing' });
    await step(p._id, { status: 'ready' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => step(p._id, { status: 'dispensed' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    // Each loser is told the fill is no longer open; on a machine too busy to hand one of twenty a
    // PostgreSQL connection within its wait (database.ts), or to open a new one in time, that one
    // is told in words to try again. Either way exactly one dispensing happens, as the rows below
    // show.
    for (const loser of answers.filter((a) => a.statusCode !== 200)) {
      expect(loser.statusCode === 409 || loser.statusCode === 503, loser.body).toBe(true);
      const { error } = loser.json<{ error: { code: string; message: string } }>();
      if (loser.statusCode === 409) expect(error.code).toBe('fill_not_open');
      else {
        expect(error.code).toBe('database_unavailable');
        expect([DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE]).toContain(error.message);
      }
    }
    const rows = await s.t.db.kysely
      .selectFrom('medications')
      .select(['timefrequency', 'supply'])
      .where('prescription_id', '=', p._id)
      .execute();
    expect(rows).toHaveLength(2);
    const dispensed = await s.t.db.kysely
      .selectFrom('prescription_fills')
      .select('status')
      .where('prescription_id', '=', p._id)
      .execute();
    expect(dispensed).toEqual([{ status: 'dispensed' }]);
  });

  it('pushes each step to the patient who chose push, and not to one who did not', async () => {
    const p = await s.prescribe();
    await send(p._id);
    await s.callExpecting(201, s.patient, 'POST', '/api/v1/push/subscriptions', {
      endpoint: 'https://push.example.org/zoe',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    });
    const pushJobs = () =>
      s.t.db.kysely
        .selectFrom('jobs')
        .select(['key', 'payload'])
        .where('kind', '=', 'push')
        .execute();
    await step(p._id, { status: 'preparing' });
    expect(await pushJobs()).toEqual([]);
    await s.callExpecting(200, s.patient, 'PUT', '/api/v1/me/notification-settings', {
      email: false,
      push: true,
      remindertimes: { day: '08:00', afternoon: '13:00', night: '20:00' },
    });
    await step(p._id, { status: 'ready' });
    const jobs = await pushJobs();
    expect(jobs).toHaveLength(1);
    expect(JSON.stringify(jobs[0]?.payload)).toContain('Prescription ready to collect');
  });
});
