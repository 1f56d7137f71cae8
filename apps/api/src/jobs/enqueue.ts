import type { Executor } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export interface JobSpec {
  /** Unique per job, e.g. `dose:<medication>:<date>`: enqueueing the same key again is a no-op. */
  key: string;
  kind: string;
  runAt: Date;
  /** Stored as JSON; keep personal data to what the job needs. */
  payload: object;
  /** The medication or appointment the job is about, so changing it can cancel the job. */
  subject?: string;
}

function row(spec: JobSpec) {
  const now = new Date().toISOString();
  return {
    id: newId(),
    key: spec.key,
    kind: spec.kind,
    subject: spec.subject ?? null,
    run_at: spec.runAt.toISOString(),
    payload: JSON.stringify(spec.payload),
    state: 'pending' as const,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Adds a job inside the caller's transaction, so it exists exactly when the change that asked for it
 * committed. A job with the same key (pending, running or finished) wins: returns false then.
 */
export async function enqueueJob(trx: Executor, spec: JobSpec): Promise<boolean> {
  const result = await trx
    .insertInto('jobs')
    .values(row(spec))
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Adds a job or moves a still-pending one with the same key to a new time and payload (a reminder
 * whose time changed). A job already running or finished is left alone: it has happened.
 */
export async function planJob(trx: Executor, spec: JobSpec): Promise<void> {
  const values = row(spec);
  await trx
    .insertInto('jobs')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          run_at: values.run_at,
          payload: values.payload,
          subject: values.subject,
          updated_at: values.updated_at,
        })
        .where('jobs.state', '=', 'pending'),
    )
    .execute();
}

/** Cancels the pending jobs with these keys (a ticked dose, a cancelled visit). */
export async function cancelJobs(trx: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await trx.deleteFrom('jobs').where('key', 'in', keys).where('state', '=', 'pending').execute();
}

/** Cancels every pending job about a subject, optionally only those of some kinds. */
export async function cancelJobsAbout(
  trx: Executor,
  subject: string,
  kinds?: string[],
): Promise<void> {
  let query = trx.deleteFrom('jobs').where('subject', '=', subject).where('state', '=', 'pending');
  if (kinds) query = query.where('kind', 'in', kinds);
  await query.execute();
}
