import type { Db } from './database.ts';

/**
 * Answers of a hot read kept in memory for as long as the database has not changed (SQLite's
 * Db.changeStamp): take `stamp()` before reading, `set` the answer under it, and `get` gives it
 * back only while the stamp is still the same — a write anywhere, by any path, on this connection
 * or another process's, makes every kept answer miss. Nothing kept can be stale; busy writers
 * only make it miss more. On PostgreSQL `stamp()` is undefined and every `get` under it misses;
 * `sharedStamp()` reads the database's stamp (docs/decisions/036).
 */
export function keptWhileUnchanged<V>(
  db: Pick<Db, 'changeStamp' | 'sharedChangeStamp'>,
  maxEntries: number,
) {
  const entries = new Map<string, { value: V; stamp: string }>();
  const changeStamp = db.changeStamp;
  const sharedChangeStamp = db.sharedChangeStamp;
  return {
    /** Take it before the read whose answer is kept (SQLite; undefined on PostgreSQL). */
    stamp(): string | undefined {
      return changeStamp?.();
    },
    /**
     * The same on both databases: PostgreSQL's is a round trip (shared by the callers of the
     * moment), for answers that cost far more than one; undefined when it cannot be read.
     */
    async sharedStamp(): Promise<string | undefined> {
      if (changeStamp) return changeStamp();
      return sharedChangeStamp?.().catch(() => undefined);
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
