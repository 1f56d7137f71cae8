/**
 * Counts failures per key (an account, a client address) in a sliding window kept in this process.
 * Used where a plain request limit is wrong: a person who types their password right should not be
 * held back by the number of times they signed in today.
 */
export class FailureLimiter {
  readonly max: number;
  readonly windowMs: number;
  readonly #failures = new Map<string, number[]>();

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  #recent(key: string, now: number): number[] {
    const kept = (this.#failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, kept);
    return kept;
  }

  /** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.#recent(key, now);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  recordFailure(key: string, now = Date.now()): void {
    this.#failures.set(key, [...this.#recent(key, now), now]);
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }
}
