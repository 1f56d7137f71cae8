import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { collectStartupGarbage, maglevOffByOperator } from './startup-garbage.ts';

describe('collectStartupGarbage', () => {
  it('runs a full collection and leaves gc exposed nowhere', () => {
    const hadGc = 'gc' in globalThis;
    expect(() => collectStartupGarbage()).not.toThrow();
    expect('gc' in globalThis).toBe(hadGc);
    // --expose-gc is off again: a new context has no gc.
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});

describe('Maglev held while starting', () => {
  // In a child process, as serve.js and main.ts run it: while held, a hot function is never
  // compiled by Maglev; after allowMaglevAgain, the same kind of function is, unless the operator
  // had turned Maglev off. (Were the second flag change ignored by a Node upgrade, requests would
  // silently run without Maglev.)
  const run = (nodeFlags: string[]) => {
    const script = `
      const maglevved = (f) => (eval('%GetOptimizationStatus(f)') & (1 << 5)) !== 0;
      // Two functions of their own (a function's tier is kept with its code, shared by its closures).
      // Whether Maglev's code ever ran it (checked as it goes: TurboFan's may replace it later).
      const run = (f) => {
        for (let i = 0; i < 50000; i++) if (f([1, 2, 3, 4]) && i % 50 === 0 && maglevved(f)) return true;
        return false;
      };
      import(${JSON.stringify(new URL('./startup-garbage.ts', import.meta.url).href)}).then((m) => {
        m.holdMaglevWhileStarting();
        const before = run(function startUp(a) { let s = 0; for (const x of a) s += x * 3; return s; });
        m.allowMaglevAgain();
        const after = run(function request(a) { let s = 0; for (const x of a) s += x * 5; return s; });
        process.stdout.write(JSON.stringify({ before, after }));
      });`;
    const output = execFileSync(
      process.execPath,
      [...nodeFlags, '--allow-natives-syntax', '-e', script],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    return JSON.parse(output) as unknown;
  };

  it('turns V8’s mid-tier compiler on again once started', () => {
    expect(run([])).toEqual({ before: false, after: true });
  });

  it('leaves it off when the operator turned it off', () => {
    expect(run(['--no-maglev'])).toEqual({ before: false, after: false });
  });

  it('reads the operator’s flags from the command line and NODE_OPTIONS', () => {
    expect(maglevOffByOperator([], '')).toBe(false);
    expect(maglevOffByOperator(['--no-maglev'], '')).toBe(true);
    expect(maglevOffByOperator([], '--max-old-space-size=512 --no_maglev')).toBe(true);
    expect(maglevOffByOperator(['--maglev'], '')).toBe(false);
  });
});
