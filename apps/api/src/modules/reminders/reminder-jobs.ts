import { addDays, localDate } from '@tend/shared';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobHandler, JobRunner } from '../../jobs/runner.ts';
import { doseReminderJob } from './dose-job.ts';
import type { ReminderJobsContext } from './job-context.ts';
import { DOSE_JOB, RUN_OUT_JOB, VISIT_JOB } from './planner.ts';
import { MISSED_DOSE_JOB, missedDoseAlertJob } from './missed-doses.ts';
import { deleteExpiredActions, patientsWithRunningMedications } from './repo.ts';
import { runOutReminderJob } from './run-out-job.ts';
import { visitReminderJob } from './visit-job.ts';

export const PLAN_JOB = 'plan_dose_reminders';
const PLAN_BATCH = 200;

/** The next UTC midnight after `now`: the daily planning pass runs then. */
function nextUtcMidnight(now: Date): Date {
  return new Date(`${addDays(now.toISOString().slice(0, 10), 1)}T00:00:00.000Z`);
}

export const planJobKey = (now: Date) => `plan-doses:${now.toISOString().slice(0, 10)}`;

/**
 * Once a day (UTC midnight) every patient's reminders for their today and tomorrow are queued, so
 * ongoing medications are covered even when nothing else touched them; keys make it idempotent.
 */
function dailyPlanningJob(o: ReminderJobsContext): JobHandler {
  return {
    async run(_raw, job) {
      const now = o.clock();
      const from = addDays(localDate(now, 'UTC'), -1);
      let after: string | null = null;
      for (;;) {
        const patients = await patientsWithRunningMedications(o.db.kysely, from, after, PLAN_BATCH);
        for (const patientId of patients) {
          await o.db.kysely.transaction().execute((trx) => o.planner.planDoses(trx, patientId));
        }
        if (patients.length < PLAN_BATCH) break;
        after = patients[patients.length - 1] ?? null;
      }
      await job.complete(async (trx) => {
        await deleteExpiredActions(trx, now);
        const next = nextUtcMidnight(now);
        await enqueueJob(trx, { key: planJobKey(next), kind: PLAN_JOB, runAt: next, payload: {} });
      });
    },
  };
}

/**
 * Registers the reminder job kinds: dose reminders (first, follow-up, snoozed), visit and run-out
 * reminders, caregivers' missed-dose alerts, daily planning.
 */
export function registerReminderJobs(jobs: JobRunner, o: ReminderJobsContext) {
  jobs.register(DOSE_JOB, doseReminderJob(o));
  jobs.register(VISIT_JOB, visitReminderJob(o));
  jobs.register(RUN_OUT_JOB, runOutReminderJob(o));
  jobs.register(PLAN_JOB, dailyPlanningJob(o));
  jobs.register(
    MISSED_DOSE_JOB,
    missedDoseAlertJob({ dialect: o.db.dialect, needs: o.missedDoses }),
  );

  return {
    /** Makes sure today's planning pass exists (it runs at once if it has not run today). */
    async ensureDailyPlanning(): Promise<void> {
      const now = o.clock();
      await o.db.kysely
        .transaction()
        .execute((trx) =>
          enqueueJob(trx, { key: planJobKey(now), kind: PLAN_JOB, runAt: now, payload: {} }),
        );
    },
  };
}
