import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error';
import { deviceQueueStore, isUnreachable } from './device-queue';
import { enqueueDose, type QueuedDose } from './dose-queue';

const tick = (medicationId: string): QueuedDose => ({
  owner: 'ana',
  medicationId,
  name: 'Aspirin',
  date: '2026-11-27',
  taken: true,
  tickedAt: '2026-11-27T08:00:00.000Z',
});

describe('the queue in IndexedDB', () => {
  it('keeps every tick when several are queued at once (as from two tabs)', async () => {
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((id) => enqueueDose(deviceQueueStore, tick(id))),
    );
    const kept = await deviceQueueStore.read();
    expect(kept.map((dose) => dose.medicationId).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    await deviceQueueStore.change(() => []);
    expect(await deviceQueueStore.read()).toEqual([]);
  });
});

describe('isUnreachable', () => {
  const failure = (status: number) => new ApiRequestError({ status, code: 'x', message: 'x' });

  it('waits on no connection, a busy or failing server, and a session being renewed', () => {
    for (const status of [0, 401, 429, 500, 503]) expect(isUnreachable(failure(status))).toBe(true);
  });

  it('gives up on an answer that will not change (bad day, medication gone)', () => {
    for (const status of [400, 403, 404, 409]) expect(isUnreachable(failure(status))).toBe(false);
  });
});
