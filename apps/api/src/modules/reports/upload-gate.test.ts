import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUploadGate } from './upload-gate.ts';

/** A piece of work that finishes only when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

describe('upload gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most its slots at once and hands a freed slot to the next in line', async () => {
    const gate = createUploadGate({ slots: 2, maxWaitMs: 60_000 });
    const a = heldWork();
    const b = heldWork();
    const order: string[] = [];
    const first = gate.run(async () => {
      await a.work();
      order.push('a');
    });
    const second = gate.run(async () => {
      await b.work();
      order.push('b');
    });
    const third = gate.run(() => {
      order.push('c');
      return Promise.resolve();
    });
    expect(gate.waiting).toBe(1);
    a.finish();
    await first;
    await third;
    expect(order).toEqual(['a', 'c']);
    b.finish();
    await second;
    expect(gate.waiting).toBe(0);
  });

  it('answers 503 with Retry-After to an upload that waits too long', async () => {
    vi.useFakeTimers();
    const gate = createUploadGate({ slots: 1, maxWaitMs: 5_000 });
    const held = heldWork();
    const running = gate.run(held.work);
    const waiting = gate.run(() => Promise.resolve('never'));
    const refused = expect(waiting).rejects.toMatchObject({
      statusCode: 503,
      code: 'uploads_busy',
      retryAfterMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await refused;
    expect(gate.waiting).toBe(0);
    held.finish();
    await running;
    // The slot is free again.
    await expect(gate.run(() => Promise.resolve('ran'))).resolves.toBe('ran');
  });

  it('frees the slot when the work fails', async () => {
    const gate = createUploadGate({ slots: 1, maxWaitMs: 1_000 });
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
