import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
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

describe('allowMaglevAgain', () => {
  // In a child process, as serve.js and main.ts run it: with Maglev off, a hot function is never
  // compiled by it; after allowMaglevAgain, the same kind of function is. (Were the second flag
  // change ignored by a Node upgrade, requests would silently run without Maglev.)
  it('turns V8’s mid-tier compiler on again after serve.js turned it off', () => {
    const script = `
      const v8 = require('node:v8');
      v8.setFlagsFromString('--no-maglev');
      const maglevved = (f) => (eval('%GetOptimizationStatus(f)') & (1 << 5)) !== 0;
      // Two functions of their own (a function's tier is kept with its code, shared by its closures).
      // Whether Maglev's code ever ran it (checked as it goes: TurboFan's may replace it later).
      const run = (f) => {
        for (let i = 0; i < 50000; i++) if (f([1, 2, 3, 4]) && i % 50 === 0 && maglevved(f)) return true;
        return false;
      };
      const before = run(function startUp(a) { let s = 0; for (const x of a) s += x * 3; return s; });
      import(${JSON.stringify(new URL('./startup-garbage.ts', import.meta.url).href)}).then((m) => {
        m.allowMaglevAgain();
        const after = run(function request(a) { let s = 0; for (const x of a) s += x * 5; return s; });
        process.stdout.write(JSON.stringify({ before, after }));
      });`;
    const output = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ before: false, after: true });
  });
});
