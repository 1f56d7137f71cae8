import { describe, expect, it } from 'vitest';
import { oneReadAtATime } from './one-read-at-a-time.ts';

/** A read whose answers the test hands out one by one, counting the reads started. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    started: () => started,
    answer: (value: number) => pending.shift()?.resolve(value),
    fail: () => pending.shift()?.reject(new Error('database away')),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('one read at a time', () => {
  it('gives the callers who came during a read the next read, started after they called', async () => {
    const source = controlledRead();
    const stamp = oneReadAtATime(source.read);
    const first = stamp();
    const during = [stamp(), stamp(), stamp()];
    expect(source.started()).toBe(1);
    source.answer(1);
    expect(await first).toBe(1);
    await turn();
    // The next read began only once the first was back: what it sees is newer than every caller.
    expect(source.started()).toBe(2);
    source.answer(2);
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    // Nothing on its way: a caller starts a read of its own.
    const alone = stamp();
    expect(source.started()).toBe(3);
    source.answer(3);
    expect(await alone).toBe(3);
  });

  it('passes a failed read to its callers and reads again for the next', async () => {
    const source = controlledRead();
    const stamp = oneReadAtATime(source.read);
    const first = stamp();
    const during = stamp();
    source.fail();
    await expect(first).rejects.toThrow('database away');
    await turn();
    source.answer(7);
    expect(await during).toBe(7);
    const later = stamp();
    source.answer(8);
    expect(await later).toBe(8);
  });
});
