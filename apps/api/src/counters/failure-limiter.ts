import type { CounterStore } from './counter-store.ts';

/**
 * Pauses password attempts per key (an account, a typed email) after `max` failures in a window, counted
 * in the store every instance shares. Used where a plain request limit is wrong: a person who types their
 * password right is not held back by how often they signed in today, because success clears the count.
 */
export class FailureLimiter {
  readonly #store: CounterStore;
  readonly #name: string;
  readonly max: number;
  readonly windowMs: number;

  constructor(store: CounterStore, name: string, max: number, windowMs: number) {
    this.#store = store;
    this.#name = name;
    this.max = max;
    this.windowMs = windowMs;
  }

  /**
   * Counts this attempt before its password is checked, so guesses sent in parallel to several
   * instances cannot all slip through while the count still reads low. Returns milliseconds to wait
   * when the attempt is over the limit, else 0.
   */
  async admit(key: string): Promise<number> {
    const { count, ttlMs } = await this.#store.hit(`${this.#name}:${key}`, this.windowMs);
    return count > this.max ? Math.max(1, ttlMs) : 0;
  }

  /** The password was right: earlier failures no longer count. */
  async succeeded(key: string): Promise<void> {
    await this.#store.reset(`${this.#name}:${key}`);
  }
}
