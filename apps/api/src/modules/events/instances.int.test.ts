import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { callAs, createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTwoInstances, type TwoInstances } from '../../../test/instances.ts';
import { quoteIdentifier } from '../../lib/pg-channel-listener.ts';
import { eventChannel } from './service.ts';
import { openTestStream, type TestStream } from '../../../test/sse-client.ts';

// Several instances share live events only through PostgreSQL (SQLite is one process by nature).
describe.skipIf(!testDatabaseUrl())('live events across two instances on PostgreSQL', () => {
  let two: TwoInstances;
  let patient: TestAccount;
  let stream: TestStream;
  let listenQuery: string;

  beforeEach(async () => {
    two = await createTwoInstances('postgres');
    const baseB = await two.b.app.listen({ port: 0, host: '127.0.0.1' });
    patient = await createAccount(two.a, 'patient');
    await two.b.app.liveEvents.ready();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      two.db.kysely,
    );
    const channel = eventChannel({ kind: 'postgres', url: '', searchPath: rows[0]?.schema });
    listenQuery = `LISTEN ${quoteIdentifier(channel)}`;
    stream = await openTestStream(baseB, patient.accessToken);
    expect(stream.status).toBe(200);
  });
  afterEach(async () => {
    stream.close();
    await two.close();
  });

  /** Published through instance A, as A's modules do inside their writes. */
  const publishThroughA = (n: number) =>
    two.a.db.kysely.transaction().execute((trx) =>
      two.a.app.liveEvents.publish(trx, [patient.id], 'notification', {
        notification: {
          _id: `n${n}`,
          kind: 'appointment',
          title: 'Visit accepted',
          body: 'Your visit was accepted.',
          link: '/patient/appointments',
          createdAt: new Date(0).toISOString(),
          readat: null,
        },
      }),
    );
  const idOf = (data: string) =>
    (JSON.parse(data) as { notification: { _id: string } }).notification._id;

  /** The process ids of the connections listening on this schema's channel. */
  async function listeners(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where query = ${listenQuery} and datname = current_database()
    `.execute(two.db.kysely);
    return rows.map((r) => r.pid);
  }

  async function waitForListeners(ready: (pids: number[]) => boolean): Promise<number[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pids = await listeners();
      if (ready(pids)) return pids;
      if (Date.now() > deadline) throw new Error('the listening connections did not come back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('an event published through instance A arrives on a stream held on instance B', async () => {
    await publishThroughA(1);
    const frame = await stream.next();
    expect(frame.event).toBe('notification');
    expect(idOf(frame.data)).toBe('n1');
  });

  it('a reading recorded through instance A reaches the stream held on instance B (issue 46: lists follow live)', async () => {
    const recorded = await callAs(two.a, patient, 'POST', '/api/v1/measurements', {
      kind: 'heartrate',
      value: 70,
      unit: '/min',
      takenat: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    // The event a doctor's list and the patient's other tabs follow (other events may come first).
    let frame = await stream.next();
    while (frame.event !== 'reading') frame = await stream.next();
    expect(JSON.parse(frame.data)).toEqual({ patientId: patient.id, change: 'recorded' });
  });

  it('keeps delivering after the listening connection is terminated by the database', async () => {
    const before = await waitForListeners((pids) => pids.length === 2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${listenQuery}`.execute(
      two.db.kysely,
    );
    // Published while nobody listens: re-read from the table once the listener is back.
    await publishThroughA(1);
    expect(idOf((await stream.next(10_000)).data)).toBe('n1');

    const after = await waitForListeners(
      (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)),
    );
    expect(after).toHaveLength(2);
    // And wake-ups flow through the new connection.
    await publishThroughA(2);
    expect(idOf((await stream.next()).data)).toBe('n2');
  });
});
