import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  isDatabaseBusy,
  isDatabaseUnreachable,
  safeErrorSummary,
} from '../lib/database-unavailable.ts';
import { retryDelayMs } from './backoff.ts';
import { claimDueJobs, deleteFinishedJobs, finishJob, retryJobLater, type JobRow } from './repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner (tests run due jobs through it with runDue()). */
    jobs: JobRunner;
  }
}

export interface JobContext {
  key: string;
  /** 1 on the first attempt. */
  attempts: number;
  /** When the job was due. */
  runAt: Date;
  /**
   * Runs `work` and marks the job done in ONE transaction, so its database effects happen exactly once
   * even when an instance dies half-way (its lease runs out, another instance runs the job again, and
   * only one of the two commits). Without it the job is marked done after the handler returns.
   */
  complete(work: (trx: Transaction<Database>) => Promise<void>): Promise<void>;
}

export interface JobHandler {
  run(payload: unknown, job: JobContext): Promise<void>;
  /** A job this late is dropped unheard (a dose reminder hours after its time helps nobody). */
  staleAfterMs?: number;
  /** Attempts before the job is given up as failed (default 8, about 1 h 15 min of retries). */
  maxAttempts?: number;
}

export interface JobLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  log: JobLog;
  clock?: () => Date;
  /** 0: this instance never polls (tests call runDue()). */
  pollMs: number;
  /** How long a claimed job stays this instance's before another may take it over. */
  leaseMs?: number;
  /** Jobs claimed (and run side by side) at a time. */
  batchSize?: number;
  /** How long finished jobs are kept (to look into) before they are deleted. */
  keepFinishedMs?: number;
}

const DEFAULT_LEASE_MS = 2 * 60 * 1000;
const DEFAULT_BATCH = 10;
const DEFAULT_KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 10 * 60 * 1000;
const CLEANUP_BATCH = 1000;
const DEFAULT_MAX_ATTEMPTS = 8;

class LeaseLost extends Error {}

/** What may be stored and logged of a failure: its kind and code, never a message that could quote a person. */
export function failureLabel(error: unknown): string {
  if (error instanceof LeaseLost) return 'lease_lost';
  const { type, code, errcode } = safeErrorSummary(error);
  return [type ?? 'Error', code ?? errcode].filter(Boolean).join(':').slice(0, 120);
}

/**
 * The one job runner of an instance. Handlers are registered per kind; due jobs are claimed in small
 * batches (see repo.ts for how instances share the work) and run; failures are retried with back-off;
 * a database that goes away is waited out, never fatal; stop() lets the running batch finish.
 */
export function createJobRunner({
  db,
  log,
  clock = () => new Date(),
  pollMs,
  leaseMs = DEFAULT_LEASE_MS,
  batchSize = DEFAULT_BATCH,
  keepFinishedMs = DEFAULT_KEEP_FINISHED_MS,
}: JobRunnerOptions) {
  const owner = randomUUID();
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let databaseAway = false;
  let lastCleanup = 0;

  async function runOne(job: JobRow): Promise<void> {
    const now = clock();
    const handler = handlers.get(job.kind);
    const runAt = new Date(job.run_at);
    if (
      handler?.staleAfterMs !== undefined &&
      now.getTime() - runAt.getTime() > handler.staleAfterMs
    ) {
      await finishJob(db.kysely, job.id, owner, 'dropped', now, 'stale');
      log.info({ job: job.id, kind: job.kind }, 'dropped a job that was too late to be useful');
      return;
    }
    let completed = false;
    const context: JobContext = {
      key: job.key,
      attempts: job.attempts,
      runAt,
      async complete(work) {
        await db.kysely.transaction().execute(async (trx) => {
          await work(trx);
          if (!(await finishJob(trx, job.id, owner, 'done', clock()))) throw new LeaseLost();
        });
        completed = true;
      },
    };
    try {
      if (!handler) throw Object.assign(new Error('no handler'), { code: 'unknown_kind' });
      await handler.run(JSON.parse(job.payload) as unknown, context);
      if (!completed) await finishJob(db.kysely, job.id, owner, 'done', clock());
    } catch (error) {
      if (error instanceof LeaseLost) return; // another instance holds it now and will finish it
      const label = failureLabel(error);
      const maxAttempts = handler?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (job.attempts >= maxAttempts) {
        await finishJob(db.kysely, job.id, owner, 'failed', clock(), label);
        log.warn({ job: job.id, kind: job.kind, failure: label }, 'a job failed for good');
      } else {
        const later = new Date(clock().getTime() + retryDelayMs(job.attempts));
        await retryJobLater(db.kysely, job.id, owner, later, clock(), label);
        log.warn(
          { job: job.id, kind: job.kind, failure: label },
          'a job failed; trying again later',
        );
      }
    }
  }

  async function cleanup(now: Date) {
    if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now.getTime();
    await deleteFinishedJobs(db.kysely, new Date(now.getTime() - keepFinishedMs), CLEANUP_BATCH);
  }

  /** Claims and runs due jobs until none is left; returns how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = clock();
      const jobs = await claimDueJobs(db.kysely, db.dialect, {
        owner,
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: batchSize,
      });
      // One job's failure to even record its failure (the database went away) must not lose the others.
      const results = await Promise.allSettled(jobs.map((job) => runOne(job)));
      ran += jobs.length;
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      if (jobs.length < batchSize || stopped) break;
    }
    await cleanup(clock());
    return ran;
  }

  async function tick() {
    try {
      await runDue();
      if (databaseAway) log.info({}, 'jobs: the database is back');
      databaseAway = false;
    } catch (error) {
      const away = isDatabaseUnreachable(error) || isDatabaseBusy(error);
      // One line per outage, not one per poll.
      if (!away || !databaseAway) {
        log.warn(
          { failure: failureLabel(error) },
          away ? 'jobs: the database is unavailable; waiting' : 'jobs: a poll failed',
        );
      }
      databaseAway = away;
    }
  }

  function schedule() {
    if (stopped || pollMs <= 0) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, pollMs);
  }

  return {
    owner,
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind))
        throw new Error(`A handler for job kind ${kind} is registered already.`);
      handlers.set(kind, handler);
    },
    runDue,
    /** Starts polling every pollMs (nothing when pollMs is 0). */
    start() {
      stopped = false;
      schedule();
    },
    /** Stops polling and waits for the batch in hand. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
