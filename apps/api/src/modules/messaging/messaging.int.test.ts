import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@tend/shared';
import { rowCount, testDialects, type TestApp } from '../../../test/helper.ts';
import {
  callsOn,
  careScenario,
  type CareScenario,
  type TestAccount,
  appWith,
} from '../../../test/accounts.ts';

const SECRET_WORDS = 'my rash got worse after the penicillin';

describe.each(testDialects())('messaging on %s', (dialect) => {
  let t: TestApp;
  let s: CareScenario;

  beforeEach(async () => ({ t, s } = await appWith(careScenario, dialect)));
  afterEach(() => t.close());

  const call = callsOn(() => t);

  async function openAs(who: TestAccount, withUserId: string): Promise<string> {
    const res = await call(who, 'POST', '/api/v1/conversations', { withUserId });
    expect([200, 201]).toContain(res.statusCode);
    return res.json<{ _id: string }>()._id;
  }

  const send = (who: TestAccount | null, id: string, body: string) =>
    call(who, 'POST', `/api/v1/conversations/${id}/messages`, { body });

  const countMessages = () => rowCount(t.db, 'messages');

  describe('opening', () => {
    it('opens one conversation per pair, from either side: 201 the first time, then 200', async () => {
      const first = await call(s.owner, 'POST', '/api/v1/conversations', {
        withUserId: s.linkedDoctor.id,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        other: { _id: s.linkedDoctor.id, userType: 'doctor' },
        lastmessage: null,
        unread: 0,
        canwrite: true,
      });
      const again = await call(s.linkedDoctor, 'POST', '/api/v1/conversations', {
        withUserId: s.owner.id,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ _id: first.json()._id, other: { _id: s.owner.id } });
    });

    it('is 404 for people without a care link or visit, for the same role and for no one; 401 anonymous', async () => {
      const cases: Array<[TestAccount | null, string, number]> = [
        [null, s.linkedDoctor.id, 401],
        [s.otherPatient, s.linkedDoctor.id, 404],
        [s.unlinkedDoctor, s.owner.id, 404],
        [s.owner, s.unlinkedDoctor.id, 404],
        [s.owner, s.otherPatient.id, 404],
        [s.linkedDoctor, s.unlinkedDoctor.id, 404],
        [s.owner, 'no-such-person', 404],
      ];
      for (const [who, withUserId, status] of cases) {
        const res = await call(who, 'POST', '/api/v1/conversations', { withUserId });
        expect(res.statusCode, `${who?.userType ?? 'anonymous'} → ${withUserId}`).toBe(status);
        expect(res.json().error.code).toBeTypeOf('string');
      }
      expect((await t.db.kysely.selectFrom('conversations').selectAll().execute()).length).toBe(0);
    });

    it('refuses a body it does not know with 400 in words', async () => {
      const res = await call(s.owner, 'POST', '/api/v1/conversations', {
        withUserId: s.linkedDoctor.id,
        extra: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('extra');
    });
  });

  describe('the five callers on each conversation route', () => {
    let id: string;
    beforeEach(async () => {
      id = await openAs(s.owner, s.linkedDoctor.id);
      expect((await send(s.linkedDoctor, id, 'Hello from your doctor')).statusCode).toBe(201);
    });

    const routes = (conversationId: string) =>
      [
        ['GET', `/api/v1/conversations/${conversationId}`, undefined, 200],
        ['GET', `/api/v1/conversations/${conversationId}/messages`, undefined, 200],
        ['POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'Hi' }, 201],
        ['POST', `/api/v1/conversations/${conversationId}/read`, undefined, 204],
      ] as const;

    it('answers its two people, 401 to anonymous and 404 to another patient and another doctor', async () => {
      for (const [method, url, payload, ok] of routes(id)) {
        expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
        expect((await call(s.owner, method, url, payload)).statusCode, url).toBe(ok);
        expect((await call(s.linkedDoctor, method, url, payload)).statusCode, url).toBe(ok);
        for (const stranger of [s.otherPatient, s.unlinkedDoctor]) {
          const res = await call(stranger, method, url, payload);
          expect(res.statusCode, url).toBe(404);
          expect(res.body).not.toContain('Hello from your doctor');
        }
      }
      expect(await countMessages()).toBe(3);
    });

    it('lists a conversation only to its two people', async () => {
      for (const [who, count] of [
        [s.owner, 1],
        [s.linkedDoctor, 1],
        [s.otherPatient, 0],
        [s.unlinkedDoctor, 0],
      ] as const) {
        const res = await call(who, 'GET', '/api/v1/conversations');
        expect(res.statusCode).toBe(200);
        expect(res.json().conversations).toHaveLength(count);
      }
      expect((await call(null, 'GET', '/api/v1/conversations')).statusCode).toBe(401);
    });
  });

  describe('messages', () => {
    let id: string;
    beforeEach(async () => {
      id = await openAs(s.owner, s.linkedDoctor.id);
    });

    it('stores a trimmed body and answers 201 with the message', async () => {
      const res = await send(s.owner, id, '  How many a day?  ');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        sender: s.owner.id,
        body: 'How many a day?',
        readat: null,
      });
      expect(new Date(res.json().createdAt).toISOString()).toBe(res.json().createdAt);
    });

    it('refuses empty, blank, too long and unknown fields with 400 and stores nothing', async () => {
      const bad = [
        { body: '' },
        { body: '   \n ' },
        { body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
        { body: 'ok', sender: s.linkedDoctor.id },
        {},
        { body: 42 },
      ];
      for (const payload of bad) {
        const res = await call(s.owner, 'POST', `/api/v1/conversations/${id}/messages`, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().error.code).toBe('invalid_input');
      }
      expect((await send(s.owner, id, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
      expect(await countMessages()).toBe(1);
    });

    it('lists newest first, a page at a time, without repeats or gaps', async () => {
      for (let i = 1; i <= 5; i += 1) {
        expect((await send(i % 2 ? s.owner : s.linkedDoctor, id, `message ${i}`)).statusCode).toBe(
          201,
        );
      }
      const bodies: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const res = await call(
          s.linkedDoctor,
          'GET',
          `/api/v1/conversations/${id}/messages${query}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json<{ messages: Array<{ body: string }>; nextCursor: string | null }>();
        bodies.push(...page.messages.map((m) => m.body));
        cursor = page.nextCursor;
      } while (cursor);
      expect(bodies).toEqual(['message 5', 'message 4', 'message 3', 'message 2', 'message 1']);
      const bad = await call(
        s.owner,
        'GET',
        `/api/v1/conversations/${id}/messages?cursor=nonsense`,
      );
      expect(bad.statusCode).toBe(400);
    });

    it('counts unread messages per conversation and in all, and marks them read', async () => {
      for (const body of ['one', 'two', 'three']) await send(s.linkedDoctor, id, body);
      await send(s.owner, id, 'thanks');

      const patientList = (await call(s.owner, 'GET', '/api/v1/conversations')).json();
      expect(patientList.unread).toBe(3);
      expect(patientList.conversations[0]).toMatchObject({
        _id: id,
        unread: 3,
        lastmessage: { body: 'thanks', sender: s.owner.id },
      });
      const doctorList = (await call(s.linkedDoctor, 'GET', '/api/v1/conversations')).json();
      expect(doctorList.unread).toBe(1);

      expect((await call(s.owner, 'POST', `/api/v1/conversations/${id}/read`)).statusCode).toBe(
        204,
      );
      const after = (await call(s.owner, 'GET', '/api/v1/conversations')).json();
      expect(after.unread).toBe(0);
      expect(after.conversations[0].unread).toBe(0);
      // The doctor still has the patient's one unread; the doctor's own three now show as read.
      expect((await call(s.linkedDoctor, 'GET', '/api/v1/conversations')).json().unread).toBe(1);
      const thread = (
        await call(s.linkedDoctor, 'GET', `/api/v1/conversations/${id}/messages`)
      ).json<{ messages: Array<{ body: string; readat: string | null }> }>();
      const readat = Object.fromEntries(thread.messages.map((m) => [m.body, m.readat]));
      expect(readat.thanks).toBeNull();
      for (const body of ['one', 'two', 'three']) expect(readat[body]).toEqual(expect.any(String));
    });

    it('keeps the history readable but refuses new messages once the care link has ended', async () => {
      await send(s.linkedDoctor, id, 'See you soon');
      expect((await call(s.owner, 'DELETE', `/api/v1/care-links/${s.linkId}`)).statusCode).toBe(
        204,
      );

      for (const who of [s.owner, s.linkedDoctor]) {
        const res = await send(who, id, 'still there?');
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('conversation_closed');
        const history = await call(who, 'GET', `/api/v1/conversations/${id}/messages`);
        expect(history.json().messages.map((m: { body: string }) => m.body)).toEqual([
          'See you soon',
        ]);
        expect((await call(who, 'GET', `/api/v1/conversations/${id}`)).json().canwrite).toBe(false);
      }
      expect(await countMessages()).toBe(1);
      const reopen = await call(s.owner, 'POST', '/api/v1/conversations', {
        withUserId: s.linkedDoctor.id,
      });
      expect(reopen.statusCode).toBe(404);
    });

    it('limits how fast one person sends, with 429 and Retry-After', async () => {
      const before = await countMessages();
      let last = await send(s.owner, id, 'm');
      let sent = 0;
      for (let i = 0; i < 60 && last.statusCode === 201; i += 1) {
        sent += 1;
        last = await send(s.owner, id, 'm');
      }
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.json().error).toMatchObject({
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many requests\. Please wait \d+ seconds? and try again\.$/,
        ),
      });
      // A refused send stores nothing.
      expect(await countMessages()).toBe(before + sent);
      // The other person's allowance is their own.
      expect((await send(s.linkedDoctor, id, 'still fine')).statusCode).toBe(201);
    });

    it('never writes a message body into the logs', async () => {
      await send(s.owner, id, SECRET_WORDS);
      await call(s.linkedDoctor, 'GET', `/api/v1/conversations/${id}/messages`);
      await call(s.owner, 'POST', `/api/v1/conversations/${id}/messages`, {
        body: `${SECRET_WORDS} ${'x'.repeat(MESSAGE_MAX_LENGTH)}`,
      });
      expect(t.logs.join('\n')).not.toContain('penicillin');
    });
  });
});
