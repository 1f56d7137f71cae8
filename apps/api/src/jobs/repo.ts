import { sql } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Executor, JobsTable } from '../db/schema.ts';

export type JobRow = Omit<JobsTable, 'attempts'> & { attempts: number };

/**
 * Marks up to `limit` due jobs as this instance's until `leaseUntil` and hands them out. Due: pending
 * and at or past their time, or running under a lease that ran out (its instance died). On PostgreSQL
 * `FOR UPDATE SKIP LOCKED` lets several instances claim at once without ever taking the same row; SQLite
 * is one process whose single statement is atomic.
 */
export async function claimDueJobs(
  db: Executor,
  dialect: Dialect,
  { owner, now, leaseUntil, limit }: { owner: string; now: Date; leaseUntil: Date; limit: number },
): Promise<JobRow[]> {
  const at = now.toISOString();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<JobRow>`
    update jobs
    set state = 'running', locked_by = ${owner}, locked_until = ${leaseUntil.toISOString()},
        attempts = attempts + 1, updated_at = ${at}
    where id in (
      select id from jobs
      where (state = 'pending' and run_at <= ${at}) or (state = 'running' and locked_until < ${at})
      order by run_at
      limit ${limit}
      ${lock}
    )
    returning *`.execute(db);
  return result.rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/** Ends a claimed job; false when this instance no longer holds it (its lease ran out and another took it). */
export async function finishJob(
  db: Executor,
  id: string,
  owner: string,
  state: 'done' | 'dropped' | 'failed',
  now: Date,
  lastError: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state,
      locked_by: null,
      locked_until: null,
      updated_at: now.toISOString(),
      ...(lastError ? { last_error: lastError } : {}),
    })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts a failed job back in the queue for a later attempt. */
export async function retryJobLater(
  db: Executor,
  id: string,
  owner: string,
  runAt: Date,
  now: Date,
  lastError: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'pending',
      run_at: runAt.toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: lastError,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/** Deletes up to `limit` jobs that finished before `before`; returns how many went. */
export async function deleteFinishedJobs(
  db: Executor,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where(
      'id',
      'in',
      db
        .selectFrom('jobs')
        .select('id')
        .where('state', 'in', ['done', 'dropped', 'failed'])
        .where('updated_at', '<', before.toISOString())
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
