import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads.ts';

/** A readMany that records each batch and answers once `release` is called. */
function recorder() {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  const readMany = (keys: string[]) => {
    batches.push(keys);
    return new Promise<Map<string, string>>((resolve) => {
      releases.push(() =>
        resolve(new Map(keys.filter((k) => k !== 'nobody').map((k) => [k, `row of ${k}`]))),
      );
    });
  };
  return { batches, releases, readMany };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched reads', () => {
  it('answers the reads of one turn with one query, each its own row', async () => {
    const { batches, releases, readMany } = recorder();
    const read = batchedReads(readMany);
    const answers = Promise.all([read('a'), read('b'), read('a'), read('nobody')]);
    await nextTurn();
    expect(batches).toEqual([['a', 'b', 'nobody']]);
    releases[0]?.();
    expect(await answers).toEqual(['row of a', 'row of b', 'row of a', undefined]);
  });

  it('never joins a query already sent: a read asked meanwhile goes in the next one', async () => {
    const { batches, releases, readMany } = recorder();
    const read = batchedReads(readMany);
    const first = read('a');
    await nextTurn();
    const second = read('a');
    await nextTurn();
    expect(batches).toEqual([['a'], ['a']]);
    releases[1]?.();
    releases[0]?.();
    expect(await Promise.all([first, second])).toEqual(['row of a', 'row of a']);
  });

  it('sends a full batch at once, and fails every read of a batch whose query fails', async () => {
    const { batches, readMany } = recorder();
    const read = batchedReads(readMany, 2);
    void read('a');
    void read('b');
    expect(batches).toEqual([['a', 'b']]);
    const failing = batchedReads<string>(() => Promise.reject(new Error('database gone')));
    await expect(Promise.all([failing('a'), failing('b')])).rejects.toThrow('database gone');
  });
});
