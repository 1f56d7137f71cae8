import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Collects start-up's garbage (modules' top-level work, route registration, migrations) once, with
 * the collection V8 runs when memory is short: it also gives the freed pages back. Otherwise they
 * stay in the process until V8's idle-time memory reducer runs, seconds to minutes later, or never
 * if requests keep coming; ~6 MB of an idle server's RSS (docs/decisions/017). Called before
 * listening, so no request waits for it (tens of milliseconds on a small heap).
 *
 * `gc` is reached the way Node's documentation allows without a command-line flag: --expose-gc is
 * turned on just long enough to make a context that has it, then off again.
 */
export function collectStartupGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  try {
    const collect = vm.runInNewContext('gc') as Collect;
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Whether whoever started Node turned Maglev off themselves (command line or NODE_OPTIONS). */
export function maglevOffByOperator(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--(no[-_]maglev|maglev=false)$/.test(flag),
  );
}

let maglevHeld = false;

/**
 * serve.js starts Tend with V8's mid-tier compiler (Maglev) off, so that start-up's functions,
 * hot once and never again, are not compiled by it on threads whose memory then stays with the
 * process (~6 MB idle, docs/decisions/042); once listening, requests get it as they always had
 * (allowMaglevAgain). An operator who turned Maglev off themselves keeps it off.
 */
export function holdMaglevWhileStarting(): void {
  if (maglevOffByOperator()) return;
  v8.setFlagsFromString('--no-maglev');
  maglevHeld = true;
}

/** Ends holdMaglevWhileStarting's hold; without one (tests, `npm run dev`) it changes nothing. */
export function allowMaglevAgain(): void {
  if (!maglevHeld) return;
  maglevHeld = false;
  v8.setFlagsFromString('--maglev');
}
