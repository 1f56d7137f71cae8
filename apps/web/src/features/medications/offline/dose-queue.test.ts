import { describe, expect, it } from 'vitest';
import {
  enqueueDose,
  flushDoses,
  memoryQueueStore,
  waitingDoses,
  withDose,
  withoutDose,
  type QueuedDose,
  type SendResult,
} from './dose-queue';

const tick = (overrides: Partial<QueuedDose> = {}): QueuedDose => ({
  owner: 'ana',
  medicationId: 'med-1',
  name: 'Aspirin',
  date: '2026-11-27',
  taken: true,
  tickedAt: '2026-11-27T08:00:00.000Z',
  ...overrides,
});

/** A server that records each dose's state, counts its calls and answers as told. */
function fakeServer(answers: Record<string, SendResult> = {}) {
  const recorded = new Map<string, boolean>();
  const calls: QueuedDose[] = [];
  const send = (dose: QueuedDose): Promise<SendResult> => {
    calls.push(dose);
    const answer = answers[dose.medicationId] ?? { outcome: 'sent' };
    if (answer.outcome === 'sent') recorded.set(`${dose.medicationId}:${dose.date}`, dose.taken);
    return Promise.resolve(answer);
  };
  return { recorded, calls, send };
}

describe('withDose and withoutDose', () => {
  it('keeps one entry per dose and day: the latest tick replaces an earlier one', () => {
    const first = tick({ taken: true });
    const again = tick({ taken: false, tickedAt: '2026-11-27T08:05:00.000Z' });
    const otherDay = tick({ date: '2026-11-26' });
    const queue = withDose(withDose(withDose([], first), otherDay), again);
    expect(queue).toEqual([otherDay, again]);
  });

  it('does not drop a tick made again while the earlier one was being sent', () => {
    const sent = tick();
    const newer = tick({ taken: false, tickedAt: '2026-11-27T08:01:00.000Z' });
    expect(withoutDose([newer], sent)).toEqual([newer]);
    expect(withoutDose([sent], sent)).toEqual([]);
  });

  it('keeps the ticks of two people apart', () => {
    const ana = tick();
    const ben = tick({ owner: 'ben' });
    expect(withDose([ana], ben)).toEqual([ana, ben]);
  });
});

describe('flushDoses', () => {
  it('sends each waiting tick once, oldest first, and empties the queue', async () => {
    const store = memoryQueueStore();
    await enqueueDose(store, tick({ medicationId: 'med-1' }));
    await enqueueDose(store, tick({ medicationId: 'med-2', taken: false }));
    const server = fakeServer();

    const report = await flushDoses(store, 'ana', server.send);

    expect(server.calls.map((d) => d.medicationId)).toEqual(['med-1', 'med-2']);
    expect(report.sent).toHaveLength(2);
    expect(report.waiting).toEqual([]);
    expect(await store.read()).toEqual([]);
    // A second round (another tab, the next "online" event) has nothing left to send.
    await flushDoses(store, 'ana', server.send);
    expect(server.calls).toHaveLength(2);
    expect(server.recorded).toEqual(
      new Map([
        ['med-1:2026-11-27', true],
        ['med-2:2026-11-27', false],
      ]),
    );
  });

  it('stops at the first tick that cannot reach Tend and keeps it and the rest, in order', async () => {
    const store = memoryQueueStore([
      tick({ medicationId: 'med-1' }),
      tick({ medicationId: 'med-2' }),
      tick({ medicationId: 'med-3' }),
    ]);
    const server = fakeServer({ 'med-2': { outcome: 'unreachable' } });

    const report = await flushDoses(store, 'ana', server.send);

    expect(server.calls.map((d) => d.medicationId)).toEqual(['med-1', 'med-2']);
    expect(report.sent.map((d) => d.medicationId)).toEqual(['med-1']);
    expect(report.waiting.map((d) => d.medicationId)).toEqual(['med-2', 'med-3']);

    const later = await flushDoses(store, 'ana', fakeServer().send);
    expect(later.sent.map((d) => d.medicationId)).toEqual(['med-2', 'med-3']);
    expect(await store.read()).toEqual([]);
  });

  it('reports a refused tick with its reason and does not send it again', async () => {
    const store = memoryQueueStore([
      tick({ medicationId: 'gone' }),
      tick({ medicationId: 'med-2' }),
    ]);
    const reason = 'This day is outside the medication’s start and end dates.';
    const server = fakeServer({ gone: { outcome: 'refused', message: reason } });

    const report = await flushDoses(store, 'ana', server.send);

    expect(report.refused).toEqual([{ dose: tick({ medicationId: 'gone' }), message: reason }]);
    expect(report.sent.map((d) => d.medicationId)).toEqual(['med-2']);
    await flushDoses(store, 'ana', server.send);
    expect(server.calls.map((d) => d.medicationId)).toEqual(['gone', 'med-2']);
  });

  it('sends only the signed-in person’s ticks and drops anyone else’s', async () => {
    const store = memoryQueueStore([tick({ owner: 'ben' }), tick({ owner: 'ana' })]);
    const server = fakeServer();

    await flushDoses(store, 'ana', server.send);

    expect(server.calls.map((d) => d.owner)).toEqual(['ana']);
    expect(await store.read()).toEqual([]);
  });

  it('keeps a tick made while a round is sending for the next round', async () => {
    const store = memoryQueueStore([tick()]);
    const newer = tick({ taken: false, tickedAt: '2026-11-27T08:02:00.000Z' });
    const report = await flushDoses(store, 'ana', async (dose) => {
      // The person unticks the dose while its tick is on the way.
      await enqueueDose(store, newer);
      return fakeServer().send(dose);
    });
    expect(report.waiting).toEqual([newer]);
    expect(await waitingDoses(store, 'ana')).toEqual([newer]);
  });
});
