import { createHmac } from 'node:crypto';
import type { Executor } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/** One key's count in its current window and how long that window still runs. */
export interface CounterHit {
  count: number;
  ttlMs: number;
}

/**
 * Counters shared by every Tend process (DESIGN.md "Several instances"): rate limits and failed
 * sign-ins. A key's window is fixed and starts at its first hit; hit() is atomic, so parallel requests on
 * several instances never both see the same count.
 */
export interface CounterStore {
  /**
   * Counts one hit. `within`, a transaction of Tend's database, makes the database store count in it,
   * so the hit commits or rolls back with the change it allows (one commit instead of two); Redis
   * counts at once either way.
   */
  hit(key: string, windowMs: number, within?: Executor): Promise<CounterHit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** When Redis is configured but cannot be reached: the request is refused in words, never half-checked. */
export class CountersUnavailable extends AppError {
  constructor() {
    super(
      503,
      'service_unavailable',
      'Tend cannot check its request limits right now. Please try again in a moment.',
      undefined,
      { retryAfterMs: 5000 },
    );
  }
}

/**
 * Keys name a client address or a typed email; the store keeps only a keyed hash of them, so neither
 * the counters table nor Redis holds personal data in readable form.
 */
export function hashedKeys(store: CounterStore, secret: string): CounterStore {
  const hashed = (key: string) => {
    const separator = key.indexOf(':');
    const namespace = separator < 0 ? '' : key.slice(0, separator + 1);
    return namespace + createHmac('sha256', secret).update(key).digest('base64url');
  };
  return {
    hit: (key, windowMs, within) => store.hit(hashed(key), windowMs, within),
    reset: (key) => store.reset(hashed(key)),
    close: () => store.close(),
  };
}
