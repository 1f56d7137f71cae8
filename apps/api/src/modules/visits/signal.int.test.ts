import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNAL_SDP_MAX_CHARS } from '@tend/shared';
import { testDialects } from '../../../test/helper.ts';
import { CLOSES_AT, visitScenario, type VisitScenario } from '../../../test/visit-scenario.ts';

const offer = { type: 'offer', payload: { sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
const candidate = {
  type: 'candidate',
  payload: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host', sdpMid: '0' },
};

describe.each(testDialects())('signalling in a video visit on %s', (dialect) => {
  let s: VisitScenario;
  let url: string;
  beforeEach(async () => {
    s = await visitScenario(dialect);
    url = `/api/v1/visits/${await s.roomOf()}/signal`;
  });
  afterEach(() => s.t.close());

  it('is for its two people only; a third person cannot signal into the room', async () => {
    expect(await s.statusesOf('POST', url, offer)).toEqual([401, 204, 404, 204, 404]);
    expect(await s.signalsTo(s.otherPatient)).toEqual([]);
    expect(await s.signalsTo(s.otherDoctor)).toEqual([]);
    const refused = await s.call(s.otherDoctor, 'POST', url, offer);
    expect(refused.json().error).toEqual({
      code: 'not_found',
      message: 'There is no such video visit.',
    });
  });

  it('relays each signal to the other participant only, in order', async () => {
    const roomid = await s.roomOf();
    expect((await s.call(s.patient, 'POST', url, offer)).statusCode).toBe(204);
    expect((await s.call(s.patient, 'POST', url, candidate)).statusCode).toBe(204);
    const answer = { type: 'answer', payload: { sdp: 'v=0\r\n' } };
    expect((await s.call(s.doctor, 'POST', url, answer)).statusCode).toBe(204);
    expect((await s.call(s.doctor, 'POST', url, { type: 'bye', payload: null })).statusCode).toBe(
      204,
    );
    expect(await s.signalsTo(s.doctor)).toEqual([
      { roomid, ...offer },
      { roomid, ...candidate },
    ]);
    expect(await s.signalsTo(s.patient)).toEqual([
      { roomid, ...answer },
      { roomid, type: 'bye', payload: null },
    ]);
  });

  it('answers 409 once the window has closed, and relays nothing', async () => {
    s.setNow(CLOSES_AT);
    const res = await s.call(s.patient, 'POST', url, offer);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('visit_not_open');
    expect(await s.statusesOf('POST', url, offer)).toEqual([401, 409, 404, 409, 404]);
    expect(await s.signalsTo(s.doctor)).toEqual([]);
  });

  it('keeps relaying when the doctor completes the visit during it; joining anew is refused', async () => {
    const done = await s.call(s.doctor, 'POST', `/api/v1/appointments/${s.visit._id}/complete`, {});
    expect(done.statusCode).toBe(200);
    expect((await s.call(s.patient, 'POST', url, offer)).statusCode).toBe(204);
    // Joining anew is for accepted visits only.
    const join = await s.call(s.patient, 'GET', `/api/v1/appointments/${s.visit._id}/visit`);
    expect(join.json().error.message).toMatch(/is completed/);
  });

  it('answers 404 for a room nobody has', async () => {
    const res = await s.call(s.patient, 'POST', '/api/v1/visits/no-such-room/signal', offer);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no body', 'body', undefined],
    ['an unknown type', 'type', { type: 'hello', payload: {} }],
    ['no payload', 'payload', { type: 'offer' }],
    ['a field too many', 'extra', { ...offer, extra: 1 }],
    ['an unknown payload field', 'payload.x', { type: 'offer', payload: { sdp: 'v=0', x: 1 } }],
    [
      'an overlong description',
      'payload.sdp',
      { type: 'offer', payload: { sdp: 'a'.repeat(SIGNAL_SDP_MAX_CHARS + 1) } },
    ],
    [
      'a candidate that is not text',
      'payload.candidate',
      { type: 'candidate', payload: { candidate: 5 } },
    ],
    [
      'a negative line index',
      'payload.sdpMLineIndex',
      { type: 'candidate', payload: { candidate: '', sdpMLineIndex: -1 } },
    ],
  ])('refuses %s with 400 naming %s, and relays nothing', async (_what, field, body) => {
    const res = await s.call(s.patient, 'POST', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { [field]: expect.stringMatching(/^[A-Z].+\.$/) },
    });
    expect(await s.signalsTo(s.doctor)).toEqual([]);
  });
});
