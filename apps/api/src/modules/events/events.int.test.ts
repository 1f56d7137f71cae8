import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createAccount,
  GOOD_PASSWORD,
  signIn,
  type TestAccount,
} from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { insertEvents, pruneEvents } from './repo.ts';
import { MAX_STREAMS_PER_USER } from './routes.ts';
import { openTestStream, type TestStream } from '../../../test/sse-client.ts';

describe.each(testDialects())('live event stream on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let patient: TestAccount;
  let doctor: TestAccount;
  const streams: TestStream[] = [];

  beforeEach(async () => {
    t = await createTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    patient = await createAccount(t, 'patient');
    doctor = await createAccount(t, 'doctor');
    await t.app.liveEvents.ready();
  });
  afterEach(async () => {
    streams.splice(0).forEach((s) => s.close());
    await t.close();
  });

  async function open(who: TestAccount | null, lastEventId?: string) {
    const stream = await openTestStream(base, who?.accessToken ?? null, lastEventId);
    streams.push(stream);
    return stream;
  }

  /** Publishes one event in its own transaction, as a module would inside its write. */
  const publish = (userIds: string[], n: number) =>
    t.db.kysely.transaction().execute((trx) =>
      t.app.liveEvents.publish(trx, userIds, 'appointment', {
        appointmentId: `a${n}`,
        change: 'booked',
      }),
    );

  const appointmentOf = (data: string) =>
    (JSON.parse(data) as { appointmentId: string }).appointmentId;

  it('refuses an anonymous caller with 401, a bad Last-Event-ID or query with 400, in the error shape', async () => {
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ error: { code: 'not_signed_in' } });
    const bad = await open(patient, 'not-a-number');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: expect.any(String) } });
    const unknownQuery = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events?since=1',
      headers: bearer(patient),
    });
    expect(unknownQuery.statusCode).toBe(400);
  });

  it('delivers each person only their own events, with increasing ids', async () => {
    const mine = await open(patient);
    const theirs = await open(doctor);
    expect(mine.status).toBe(200);
    await publish([doctor.id], 1);
    await publish([patient.id], 2);
    await publish([patient.id, doctor.id], 3);

    const first = await mine.next();
    const second = await mine.next();
    expect([first.event, appointmentOf(first.data)]).toEqual(['appointment', 'a2']);
    expect(appointmentOf(second.data)).toBe('a3');
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(appointmentOf((await theirs.next()).data)).toBe('a1');
    expect(appointmentOf((await theirs.next()).data)).toBe('a3');
  });

  it('stores nothing and wakes nobody when the publishing transaction rolls back', async () => {
    const mine = await open(patient);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await t.app.liveEvents.publish(trx, [patient.id], 'appointment', {
          appointmentId: 'rolled-back',
          change: 'booked',
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await publish([patient.id], 2);
    expect(appointmentOf((await mine.next()).data)).toBe('a2');
  });

  it('resumed with Last-Event-ID, gets exactly the events it missed, then live ones', async () => {
    const first = await open(patient);
    await publish([patient.id], 1);
    const seen = await first.next();
    first.close();
    await publish([patient.id], 2);
    await publish([doctor.id], 3);
    await publish([patient.id], 4);

    const resumed = await open(patient, seen.id);
    expect(appointmentOf((await resumed.next()).data)).toBe('a2');
    expect(appointmentOf((await resumed.next()).data)).toBe('a4');
    // The next frame is the live one: nothing was repeated or left over.
    await publish([patient.id], 5);
    expect(appointmentOf((await resumed.next()).data)).toBe('a5');
  });

  it('tells a stream resuming from before the kept events to refetch (resync)', async () => {
    await publish([patient.id], 1);
    const first = await open(patient);
    await publish([patient.id], 2);
    const seen = await first.next();
    first.close();
    await publish([patient.id], 3);
    // Everything stored so far is past its retention.
    await pruneEvents(t.db.kysely, new Date(Date.now() + 24 * 60 * 60 * 1000));

    const resumed = await open(patient, seen.id);
    expect((await resumed.next()).event).toBe('resync');
    await publish([patient.id], 4);
    expect(appointmentOf((await resumed.next()).data)).toBe('a4');
  });

  it('fills a gap from the table: an event stored without a hand-off arrives before the next one', async () => {
    const mine = await open(patient);
    // As if its wake-up were lost: stored, never handed to the streams.
    await t.db.kysely
      .transaction()
      .execute((trx) =>
        insertEvents(
          trx,
          t.db.dialect,
          [patient.id],
          'appointment',
          JSON.stringify({ appointmentId: 'unannounced', change: 'booked' }),
          new Date(),
        ),
      );
    await publish([patient.id], 2);
    expect(appointmentOf((await mine.next()).data)).toBe('unannounced');
    expect(appointmentOf((await mine.next()).data)).toBe('a2');
    await publish([patient.id], 3);
    expect(appointmentOf((await mine.next()).data)).toBe('a3');
  });

  it('delivers an event too big to ride on the wake-up, in order with the small ones', async () => {
    const mine = await open(patient);
    await publish([patient.id], 1);
    const offer = { roomid: 'room', type: 'offer', payload: 'v=0 '.repeat(5000) };
    await t.db.kysely
      .transaction()
      .execute((trx) => t.app.liveEvents.publish(trx, [patient.id], 'signal', offer));
    await publish([patient.id], 3);
    expect(appointmentOf((await mine.next()).data)).toBe('a1');
    const big = await mine.next();
    expect([big.event, JSON.parse(big.data)]).toEqual(['signal', offer]);
    expect(appointmentOf((await mine.next()).data)).toBe('a3');
  });

  it('gives every stream of a person each event once, in order, when many are published at once', async () => {
    const mine = await Promise.all([open(patient), open(patient), open(patient)]);
    await Promise.all(Array.from({ length: 10 }, (_, n) => publish([patient.id, doctor.id], n)));
    for (const stream of mine) {
      const ids: number[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 10; i += 1) {
        const frame = await stream.next();
        ids.push(Number(frame.id));
        seen.add(appointmentOf(frame.data));
      }
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(seen.size).toBe(10);
    }
  });

  it(`caps open streams at ${MAX_STREAMS_PER_USER} per person with a 429 in words`, async () => {
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1)
      expect((await open(patient)).status).toBe(200);
    const refused = await open(patient);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { code: 'too_many_streams', message: expect.stringMatching(/close a tab/i) },
    });
    expect((await open(doctor)).status).toBe(200);
  });

  it('ends the stream once its session is signed out', async () => {
    const stream = await open(patient);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: bearer(patient),
    });
    expect(res.statusCode).toBe(204);
    await publish([patient.id], 1);
    await stream.ended();
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });

  it('ends the streams of the other sessions as soon as the password changes, not at the next heartbeat', async () => {
    const elsewhere = await open(patient);
    const signedIn = await signIn(t, patient.email, GOOD_PASSWORD);
    const here = { ...patient, accessToken: signedIn.json<{ accessToken: string }>().accessToken };
    const kept = await open(here);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(here),
      payload: { oldPassword: GOOD_PASSWORD, newPassword: `${GOOD_PASSWORD} anew` },
    });
    expect(changed.statusCode).toBe(204);
    // No event is published: the heartbeat (25 s) is far past ended()'s 5 s.
    await elsewhere.ended();
    await expect(elsewhere.next()).rejects.toThrow('the stream ended');
    await publish([patient.id], 1);
    expect(await kept.next()).toMatchObject({ event: 'appointment' });
  });

  it('ends the stream once its account is disabled', async () => {
    const stream = await open(patient);
    await t.db.kysely
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', patient.id)
      .execute();
    await publish([patient.id], 1);
    await stream.ended();
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });

  it('ends the stream once its access token has expired', async () => {
    const stream = await open(patient);
    // One event through first: the stream's opening check and read are over before time moves.
    await publish([patient.id], 0);
    expect(await stream.next()).toMatchObject({ event: 'appointment' });
    const realNow = Date.now.bind(Date);
    // Two hours on: past the token's hour, well within the session's days.
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 60 * 60 * 1000);
    try {
      await publish([patient.id], 1);
      await stream.ended();
      await expect(stream.next()).rejects.toThrow('the stream ended');
    } finally {
      later.mockRestore();
    }
  });

  it('ends open streams when the server shuts down, without hanging', async () => {
    const stream = await open(patient);
    await t.app.close();
    await stream.ended();
  });
});
