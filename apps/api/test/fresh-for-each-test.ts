import { afterEach, beforeEach } from 'vitest';
import type { TestApp } from './helper.ts';

/** A scenario ends with its own `close()` when it has one (its mail server too), else its app's. */
type Closable = { close(): Promise<void> } | { t: TestApp };

/**
 * A scenario made fresh before each test of the describe block and closed after it, in one line
 * instead of a `let` and its two hooks: `const s = freshForEachTest(() => appointmentScenario(dialect))`.
 * The object answered is filled with the running test's scenario before it and emptied after, so
 * the tests read it while they run (not while the block is being declared).
 */
export function freshForEachTest<S extends Closable>(make: () => Promise<S>): S {
  const current = {} as S;
  beforeEach(async () => {
    Object.assign(current, await make());
  });
  afterEach(async () => {
    try {
      await ('close' in current ? current.close() : current.t.close());
    } finally {
      for (const key of Object.keys(current)) delete current[key as keyof S];
    }
  });
  return current;
}
