import { describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { collectStartupGarbage } from './startup-garbage.ts';

describe('collectStartupGarbage', () => {
  it('runs a full collection and leaves gc exposed nowhere', () => {
    const hadGc = 'gc' in globalThis;
    expect(() => collectStartupGarbage()).not.toThrow();
    expect('gc' in globalThis).toBe(hadGc);
    // --expose-gc is off again: a new context has no gc.
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
