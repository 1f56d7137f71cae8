import { describe, expect, it } from 'vitest';
import {
  NOTIFY_PAYLOAD_MAX_BYTES,
  decodeAnnouncement,
  encodeAnnouncement,
} from './notify-payload.ts';

const rows = [
  { userId: 'u-patient', id: 12, prevId: 7 },
  { userId: 'u-doctor', id: 13, prevId: 0 },
];

describe('NOTIFY payload of a published event', () => {
  it('carries the type, the exact data and each recipient’s new and previous id', () => {
    const data = JSON.stringify({ conversationId: 'c1', text: 'Grüße, "quoted"\nline' });
    const payload = encodeAnnouncement('message', data, rows);
    expect(decodeAnnouncement(payload)).toEqual({
      kind: 'events',
      events: [
        { userId: 'u-patient', id: 12, prevId: 7, type: 'message', data },
        { userId: 'u-doctor', id: 13, prevId: 0, type: 'message', data },
      ],
    });
  });

  it('drops the data when it would not fit, counting bytes, not characters', () => {
    // 3 000 three-byte characters: 9 000 bytes, though only 3 000 characters.
    const data = JSON.stringify({ roomid: 'r', type: 'offer', payload: '€'.repeat(3000) });
    const payload = encodeAnnouncement('signal', data, rows);
    expect(Buffer.byteLength(payload)).toBeLessThan(NOTIFY_PAYLOAD_MAX_BYTES);
    const decoded = decodeAnnouncement(payload);
    expect(decoded).toEqual({
      kind: 'events',
      events: [
        { userId: 'u-patient', id: 12, prevId: 7 },
        { userId: 'u-doctor', id: 13, prevId: 0 },
      ],
    });
  });

  it('says "everyone read" when even the ids would not fit', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      userId: `user-${'x'.repeat(30)}-${i}`,
      id: 1000 + i,
      prevId: i,
    }));
    const payload = encodeAnnouncement('appointment', '{}', many);
    expect(payload).toBe('');
    expect(decodeAnnouncement(payload)).toEqual({ kind: 'wake', userIds: 'all' });
  });

  it('treats an older instance’s comma-separated recipients as a wake-up for them', () => {
    expect(decodeAnnouncement('u1,u2')).toEqual({ kind: 'wake', userIds: ['u1', 'u2'] });
  });

  it('treats anything malformed as a wake-up for everyone, never as an event', () => {
    for (const payload of [
      '{not json',
      '{"r":"u1"}',
      '{"r":[["u1","12",7]]}',
      '{"r":[["u1",12]]}',
    ]) {
      expect(decodeAnnouncement(payload)).toEqual({ kind: 'wake', userIds: 'all' });
    }
  });

  it('hands rows without data when the type is not a live event type', () => {
    const payload = JSON.stringify({ t: 'bogus', d: '{}', r: [['u1', 5, 4]] });
    expect(decodeAnnouncement(payload)).toEqual({
      kind: 'events',
      events: [{ userId: 'u1', id: 5, prevId: 4 }],
    });
  });
});
