import { LIVE_EVENT_TYPES, type LiveEventType } from '@tend/shared';
import type { HandedEvent } from './repo.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay under it with a margin. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

/** What a NOTIFY tells the listening instances. */
export type Announcement =
  { kind: 'events'; events: HandedEvent[] } | { kind: 'wake'; userIds: readonly string[] | 'all' };

type Row = [userId: string, id: number, prevId: number];

interface Payload {
  t?: string;
  d?: string;
  r: Row[];
}

function isRow(value: unknown): value is Row {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === 'string' &&
    Number.isSafeInteger(value[1]) &&
    Number.isSafeInteger(value[2])
  );
}

function isEventType(value: unknown): value is LiveEventType {
  return (LIVE_EVENT_TYPES as readonly unknown[]).includes(value);
}

/**
 * The payload of one published event: its type, data and each recipient's new and previous id, so
 * the streams write it without reading the table. When that is too big (a video offer can be), the
 * ids alone, and the streams read the rows; when even those are, an empty payload: everyone reads.
 */
export function encodeAnnouncement(
  type: LiveEventType,
  data: string,
  rows: readonly { userId: string; id: number; prevId: number }[],
): string {
  const r: Row[] = rows.map((row) => [row.userId, row.id, row.prevId]);
  const full = JSON.stringify({ t: type, d: data, r } satisfies Payload);
  if (Buffer.byteLength(full) < NOTIFY_PAYLOAD_MAX_BYTES) return full;
  const idsOnly = JSON.stringify({ r } satisfies Payload);
  return Buffer.byteLength(idsOnly) < NOTIFY_PAYLOAD_MAX_BYTES ? idsOnly : '';
}

/**
 * Reads a payload back. Anything unexpected (an older instance's comma-separated recipients, a
 * payload of another shape) becomes a wake-up, so the streams read the table and lose nothing.
 */
export function decodeAnnouncement(payload: string | undefined): Announcement {
  if (!payload) return { kind: 'wake', userIds: 'all' };
  if (!payload.startsWith('{')) return { kind: 'wake', userIds: payload.split(',') };
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { kind: 'wake', userIds: 'all' };
  }
  const { t, d, r } = (parsed ?? {}) as Partial<Payload>;
  if (!Array.isArray(r) || !r.every(isRow)) return { kind: 'wake', userIds: 'all' };
  const carried = isEventType(t) && typeof d === 'string' ? { type: t, data: d } : {};
  return {
    kind: 'events',
    events: r.map(([userId, id, prevId]) => ({ userId, id, prevId, ...carried })),
  };
}
