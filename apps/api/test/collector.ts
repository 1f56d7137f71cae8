/**
 * What a test server receives (emails, pushes), kept in arrival order, with a way to wait until
 * enough of it has come.
 */
export interface Collector<T> {
  /** Everything received so far, oldest first (the same array throughout). */
  readonly items: T[];
  push(item: T): void;
  /**
   * Resolves with every item once `predicate` holds for them, or rejects after `timeoutMs` with
   * "expected <expected>, received <n>".
   */
  waitFor(
    predicate: (items: readonly T[]) => boolean,
    timeoutMs: number,
    expected: string,
  ): Promise<T[]>;
}

export function collector<T>(): Collector<T> {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const wake of waiters) wake();
    },
    waitFor(predicate, timeoutMs, expected) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(items)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(items);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${expected}, received ${items.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
