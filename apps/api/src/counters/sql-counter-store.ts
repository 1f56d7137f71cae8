import type { Db } from '../db/database.ts';
import { precompile } from '../db/precompiled.ts';
import type { Executor } from '../db/schema.ts';
import type { CounterStore } from './counter-store.ts';

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in the database every instance shares. One upsert per hit: PostgreSQL locks the row for
 * concurrent upserts of one key and SQLite serialises writers, so counts never go missing.
 */
export function sqlCounterStore(db: Db, now: () => number = Date.now): CounterStore {
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Expired windows are deleted at most once a minute per process, through the expires_at index. */
  async function sweep(executor: Executor, at: number) {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    await executor
      .deleteFrom('counters')
      .where('expires_at', '<=', new Date(at).toISOString())
      .execute();
  }

  // Compiled once: every limited request runs it.
  const upsert = precompile(['key', 'expiresAt', 'now'], (p) =>
    db.kysely
      .insertInto('counters')
      .values({ key: p.key, count: 1, expires_at: p.expiresAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          // An expired window restarts at this hit; a live one counts on.
          const expired = eb('counters.expires_at', '<=', p.now);
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
      .returning(['count', 'expires_at']),
  );

  return {
    async hit(key, windowMs, within) {
      // In the caller's transaction when given one: on SQLite's one connection, a query outside it
      // would wait for that very transaction to end.
      const executor = within ?? db.kysely;
      const at = now();
      await sweep(executor, at);
      const { rows } = await upsert(executor, {
        key,
        expiresAt: new Date(at + windowMs).toISOString(),
        now: new Date(at).toISOString(),
      });
      const row = rows[0];
      if (!row) throw new Error('counting a hit returned no row');
      return { count: Number(row.count), ttlMs: Math.max(0, Date.parse(row.expires_at) - at) };
    },

    async reset(key) {
      await db.kysely.deleteFrom('counters').where('key', '=', key).execute();
    },

    // The database belongs to the app; nothing of its own to close.
    async close() {},
  };
}
