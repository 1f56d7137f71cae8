import type { Db } from './database.ts';

/**
 * Answers of a hot read kept in memory for as long as the database has not changed (SQLite's
 * Db.changeStamp): take `stamp()` before reading, `set` the answer under it, and `get` gives it
 * back only while the stamp is still the same — a write anywhere, by any path, on this connection
 * or another process's, makes every kept answer miss. Nothing kept can be stale; busy writers
 * only make it miss more. On PostgreSQL (no stamp) nothing is kept and every `get` misses.
 */
export function keptWhileUnchanged<V>(db: Pick<Db, 'changeStamp'>, maxEntries: number) {
  const entries = new Map<string, { value: V; stamp: string }>();
  const changeStamp = db.changeStamp;
  return {
    /** Take it before the read whose answer is kept. */
    stamp(): string | undefined {
      return changeStamp?.();
    },
    get(key: string, stamp: string | undefined): V | undefined {
      const entry = entries.get(key);
      return entry !== undefined && entry.stamp === stamp ? entry.value : undefined;
    },
    set(key: string, value: V, stamp: string | undefined): void {
      if (stamp === undefined) return;
      if (entries.size >= maxEntries && !entries.has(key)) {
        entries.delete(entries.keys().next().value ?? '');
      }
      entries.set(key, { value, stamp });
    },
    delete(key: string): void {
      entries.delete(key);
    },
  };
}
