import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';

type Work<T> = (trx: Executor) => Promise<T>;

interface Job {
  work: Work<unknown>;
  settled: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const SAVEPOINT = CompiledQuery.raw('savepoint send');
const RELEASE = CompiledQuery.raw('release savepoint send');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint send');

/**
 * Runs writes in transactions; on SQLite, the writes that queue up while the one connection is busy
 * share one transaction and so one synced commit (synchronous = FULL syncs every commit, and the
 * syncs, one after another on the one thread, were most of the time 50 messages sent at once took).
 * Each write runs inside its own savepoint: one that throws is rolled back alone and its caller gets
 * the error, the others commit. Every caller is answered only after the commit that holds its write
 * (or its failure), so an acknowledged write is as durable as before. On PostgreSQL each write is its
 * own transaction: the pool runs them side by side.
 */
export function createGroupCommit(db: Db) {
  let queue: Job[] = [];
  /** A batch that asked for the connection and has not taken its writes yet. */
  let waiting = false;

  async function runBatch(): Promise<void> {
    let batch: Job[] = [];
    try {
      await db.kysely
        .transaction()
        .execute(async (trx) => {
          // The connection is ours now: take every write queued meanwhile.
          waiting = false;
          batch = queue;
          queue = [];
          const outcomes: { job: Job; ok: boolean; value: unknown }[] = [];
          for (const job of batch) {
            await trx.executeQuery(SAVEPOINT);
            try {
              const value = await job.work(trx);
              await trx.executeQuery(RELEASE);
              outcomes.push({ job, ok: true, value });
            } catch (error) {
              await trx.executeQuery(ROLLBACK_TO);
              await trx.executeQuery(RELEASE);
              outcomes.push({ job, ok: false, value: error });
            }
          }
          // Failures are told at once (their part is undone already); successes after the commit.
          for (const { job, ok, value } of outcomes) {
            if (!ok) settle(job, () => job.reject(value));
          }
          return outcomes;
        })
        .then((outcomes) => {
          for (const { job, ok, value } of outcomes) if (ok) settle(job, () => job.resolve(value));
        });
    } catch (error) {
      if (waiting) {
        // The transaction never began: nothing was taken; the queued writes all fail with it.
        waiting = false;
        batch = queue;
        queue = [];
      }
      for (const job of batch) settle(job, () => job.reject(error));
    }
  }

  function settle(job: Job, answer: () => void) {
    if (job.settled) return;
    job.settled = true;
    answer();
  }

  return {
    /** Runs `work` in a transaction (on SQLite possibly shared with other writes, each in a savepoint). */
    run<T>(work: Work<T>): Promise<T> {
      if (db.dialect !== 'sqlite') return db.kysely.transaction().execute(work);
      const { promise, resolve, reject } = Promise.withResolvers<T>();
      queue.push({ work, settled: false, resolve: resolve, reject });
      if (!waiting) {
        waiting = true;
        // node:sqlite answers at once, so a request runs from its first byte to here without
        // yielding; starting after this turn's I/O lets the other requests that came in with it
        // queue their writes too.
        setImmediate(() => void runBatch());
      }
      return promise;
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
