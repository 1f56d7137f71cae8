import { PostgresAdapter, type Kysely } from 'kysely';
import { changeCounterOf, transactionOfLooks } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { LogNotOnDisk } from '../../lib/database-unavailable.ts';
import { insertTimedAuditEvents, type AuditEventInput } from './repo.ts';

interface Waiting {
  events: AuditEventInput[];
  now: Date;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * A look at a patient's data (a doctor opening their readings, their list of patients) is recorded
 * before it is answered, and on its own that is a commit on every such GET. Looks arriving together
 * are written together instead: the first schedules a commit for the next turn of the event loop,
 * those arriving meanwhile join it, and each request goes on only
 * once its rows are committed and on disk, so nothing is answered unrecorded (docs/decisions/046:
 * on SQLite the disk sync runs on the thread pool, so the event loop serves others meanwhile). If a
 * shared commit fails, each request's rows are tried alone, so one bad row fails only its own
 * request; if only its sync failed, the rows are committed and every request of the batch fails
 * (trying them again would write them twice).
 */
export function groupCommit(db: Kysely<Database>) {
  let waiting: Waiting[] = [];
  let scheduled = false;

  const counter = changeCounterOf(db);
  // One read of the actors and one insert for the whole batch, one commit for it. Its rows are
  // left out of SQLite's ordinary change stamp (only the access log shows them, decision 039): an
  // answer given again from memory records its looks again instead (kept-answers.ts).
  const commit = (batch: Waiting[]) =>
    transactionOfLooks(db, async (trx) => {
      const before = counter?.changes();
      await insertTimedAuditEvents(
        trx,
        batch.flatMap((w) => w.events.map((event) => ({ event, at: w.now }))),
      );
      if (counter && before !== undefined) counter.leaveOut(counter.changes() - before);
    });

  async function commitBatch(batch: Waiting[]) {
    try {
      await commit(batch);
      for (const w of batch) w.resolve();
    } catch (error) {
      if (batch.length === 1 || error instanceof LogNotOnDisk) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await commit([w]).then(w.resolve, w.reject);
    }
  }

  // SQLite: each turn's batch is committed at once, without waiting for the batch before it to
  // reach the disk: while one batch's sync runs, the next one commits and joins the following sync,
  // and the server goes on with other requests meanwhile instead of holding every look behind one
  // sync. PostgreSQL: one batch at a time, the looks arriving meanwhile making the next: batches
  // committed side by side would queue on the chain heads they share (a patient's chain is locked
  // until its commit is flushed, decision 045), one small batch a WAL flush (700 looks a second
  // at one patient here, against 2 100 one batch at a time).
  const atOnce = db.getExecutor().adapter instanceof PostgresAdapter ? 1 : Infinity;
  let inFlight = 0;
  function commitWaiting() {
    scheduled = false;
    if (inFlight >= atOnce || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    inFlight += 1;
    void commitBatch(batch).finally(() => {
      inFlight -= 1;
      commitWaiting();
    });
  }

  return (events: AuditEventInput[], now: Date): Promise<void> =>
    new Promise((resolve, reject) => {
      waiting.push({ events, now, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(commitWaiting);
      }
    });
}
