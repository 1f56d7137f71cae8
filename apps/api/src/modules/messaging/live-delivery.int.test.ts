import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { bearer, callAs, createAccount, type TestAccount } from '../../../test/accounts.ts';
import { createTestApp, testDialects, type TestApp } from '../../../test/helper.ts';
import { createTwoInstances, type TwoInstances } from '../../../test/instances.ts';
import { openTestStream, type Frame, type TestStream } from '../../../test/sse-client.ts';

const BODY = 'The swelling in my ankle is back';

/** The frames up to and including the first `message` event. */
async function untilMessageEvent(stream: TestStream): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (;;) {
    const frame = await stream.next();
    frames.push(frame);
    if (frame.event === 'message') return frames;
  }
}

/** A patient who shares with a doctor, and their open conversation, made through `t`. */
async function pairWithConversation(t: TestApp) {
  const patient = await createAccount(t, 'patient');
  const doctor = await createAccount(t, 'doctor');
  const shared = await callAs(t, patient, 'POST', '/api/v1/care-links', { doctorId: doctor.id });
  expect(shared.statusCode).toBe(201);
  const opened = await callAs(t, patient, 'POST', '/api/v1/conversations', {
    withUserId: doctor.id,
  });
  expect(opened.statusCode).toBe(201);
  return { patient, doctor, conversationId: opened.json<{ _id: string }>()._id };
}

function send(t: TestApp, who: TestAccount, conversationId: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${conversationId}/messages`,
    headers: bearer(who),
    payload: { body },
  });
}

describe.each(testDialects())('messages on the live event stream on %s', (dialect) => {
  let t: TestApp;
  let stream: TestStream;

  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    stream.close();
    await t.close();
  });

  it('tells the recipient of a new message (event and notification, never the body), and the sender when it was read', async () => {
    const { patient, doctor, conversationId } = await pairWithConversation(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stream = await openTestStream(base, doctor.accessToken);
    expect(stream.status).toBe(200);

    const sent = await send(t, patient, conversationId, BODY);
    expect(sent.statusCode).toBe(201);
    const frames = await untilMessageEvent(stream);
    const message = frames.at(-1);
    expect(JSON.parse(message?.data ?? '{}')).toEqual({
      conversationId,
      messageId: sent.json<{ _id: string }>()._id,
    });
    const notice = frames.find((f) => f.event === 'notification');
    expect(JSON.parse(notice?.data ?? '{}').notification).toMatchObject({
      kind: 'message',
      link: `/doctor/messages/${conversationId}`,
    });
    expect(frames.map((f) => f.data).join('\n')).not.toContain('ankle');

    // The doctor reads; the patient's stream hears of it, so "Read" can show.
    const patientStream = await openTestStream(base, patient.accessToken);
    try {
      expect(
        (await callAs(t, doctor, 'POST', `/api/v1/conversations/${conversationId}/read`))
          .statusCode,
      ).toBe(204);
      const read = await untilMessageEvent(patientStream);
      expect(JSON.parse(read.at(-1)?.data ?? '{}')).toEqual({ conversationId, messageId: null });
    } finally {
      patientStream.close();
    }
  });
});

// Several instances share live events only through PostgreSQL (SQLite is one process by nature).
describe.skipIf(!testDatabaseUrl())('messages across two instances on PostgreSQL', () => {
  let two: TwoInstances;
  let stream: TestStream;

  beforeEach(async () => {
    two = await createTwoInstances('postgres');
  });
  afterEach(async () => {
    stream.close();
    await two.close();
  });

  it('a message posted through instance A arrives on a stream held on instance B', async () => {
    const { patient, doctor, conversationId } = await pairWithConversation(two.a);
    const baseB = await two.b.app.listen({ port: 0, host: '127.0.0.1' });
    await two.b.app.liveEvents.ready();
    stream = await openTestStream(baseB, doctor.accessToken);
    expect(stream.status).toBe(200);

    const sent = await send(two.a, patient, conversationId, BODY);
    expect(sent.statusCode).toBe(201);
    const frames = await untilMessageEvent(stream);
    expect(JSON.parse(frames.at(-1)?.data ?? '{}')).toEqual({
      conversationId,
      messageId: sent.json<{ _id: string }>()._id,
    });
    // And instance B serves the message itself.
    const thread = await callAs(
      two.b,
      doctor,
      'GET',
      `/api/v1/conversations/${conversationId}/messages`,
    );
    expect(thread.json().messages[0].body).toBe(BODY);
  });
});
