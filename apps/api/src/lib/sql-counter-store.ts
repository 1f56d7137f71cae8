import type { Db } from '../db/database.ts';
import type { CounterStore } from './counter-store.ts';

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in the database every instance shares. One upsert per hit: PostgreSQL locks the row for
 * concurrent upserts of one key and SQLite serialises writers, so counts never go missing.
 */
export function sqlCounterStore(db: Db, now: () => number = Date.now): CounterStore {
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Expired windows are deleted at most once a minute per process, through the expires_at index. */
  async function sweep(at: number) {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    await db.kysely
      .deleteFrom('counters')
      .where('expires_at', '<=', new Date(at).toISOString())
      .execute();
  }

  return {
    async hit(key, windowMs) {
      const at = now();
      await sweep(at);
      const nowIso = new Date(at).toISOString();
      const row = await db.kysely
        .insertInto('counters')
        .values({ key, count: 1, expires_at: new Date(at + windowMs).toISOString() })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => {
            // An expired window restarts at this hit; a live one counts on.
            const expired = eb('counters.expires_at', '<=', nowIso);
            return {
              count: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb('counters.count', '+', 1))
                .end(),
              expires_at: eb
                .case()
                .when(expired)
                .then(eb.ref('excluded.expires_at'))
                .else(eb.ref('counters.expires_at'))
                .end(),
            };
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), ttlMs: Math.max(0, Date.parse(row.expires_at) - at) };
    },

    async reset(key) {
      await db.kysely.deleteFrom('counters').where('key', '=', key).execute();
    },

    // The database belongs to the app; nothing of its own to close.
    async close() {},
  };
}
