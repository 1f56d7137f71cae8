import { describe, expect, it } from 'vitest';
import { describeDatabase, retryDelayMs, waitForDatabase } from './wait-for-database.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** A check that fails `failures` times with `error`, then answers. */
function flakyCheck(failures: number, error: () => unknown = refused) {
  let calls = 0;
  return {
    check: async () => {
      calls += 1;
      if (calls <= failures) throw error();
    },
    calls: () => calls,
  };
}

describe('waiting for the database at start-up', () => {
  it('tries again with a growing pause and one line per attempt, then goes on', async () => {
    const lines: string[] = [];
    const pauses: number[] = [];
    const { check, calls } = flakyCheck(6);
    const attempts = await waitForDatabase({
      check,
      location: 'db.internal:5432/tend',
      log: (line) => lines.push(line),
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    expect(attempts).toBe(7);
    expect(calls()).toBe(7);
    expect(pauses).toEqual([500, 1000, 2000, 4000, 8000, 10_000]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'waiting for the database at db.internal:5432/tend (attempt 1: connection refused); trying again in 500 ms',
    );
    expect(lines[5]).toContain('(attempt 6: connection refused); trying again in 10 s');
  });

  it('does not wait when the database answers at once', async () => {
    const lines: string[] = [];
    const attempts = await waitForDatabase({
      check: async () => {},
      location: 'x',
      log: (line) => lines.push(line),
      sleep: () => Promise.reject(new Error('must not sleep')),
    });
    expect(attempts).toBe(1);
    expect(lines).toEqual([]);
  });

  it('gives up at once on a problem that waiting does not fix (a wrong password)', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed'), {
      code: '28P01',
    });
    const { check, calls } = flakyCheck(1, () => wrongPassword);
    await expect(
      waitForDatabase({ check, location: 'x', log: () => {}, sleep: async () => {} }),
    ).rejects.toBe(wrongPassword);
    expect(calls()).toBe(1);
  });

  it('caps the pause at 10 s', () => {
    expect(retryDelayMs(1)).toBe(500);
    expect(retryDelayMs(50)).toBe(10_000);
  });

  it('names host, port and database, never the user or password', () => {
    const where = describeDatabase({
      kind: 'postgres',
      url: 'postgres://tend:s3cret@db.internal/tend',
    });
    expect(where).toBe('db.internal:5432/tend');
    expect(describeDatabase({ kind: 'sqlite', file: '/var/lib/tend/tend.db' })).toBe(
      '/var/lib/tend/tend.db',
    );
  });
});
