import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { ActionTokens } from './action-tokens.ts';
import type { ReminderJobsContext } from './job-context.ts';
import type { MissedDoseNeeds } from './missed-doses.ts';
import type { ReminderPlanner } from './planner.ts';
import { registerReminderJobs } from './reminder-jobs.ts';
import { createReminderService, type RecordDose } from './service.ts';

export interface RemindersOptions {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  clock: () => Date;
  jobs: JobRunner;
  tokens: ActionTokens;
  planner: ReminderPlanner;
  /** Delivery in-app, by email and by push (the notifications module). */
  deliver: ReminderJobsContext['deliver'];
  visitRoom: ReminderJobsContext['visitRoom'];
  supplyOf: ReminderJobsContext['supplyOf'];
  recordDose: RecordDose;
  /** The caregivers' missed-dose alerts (the caregivers module). */
  missedDoses: MissedDoseNeeds;
  caregiversWith: ReminderJobsContext['caregiversWith'];
}

/** Dose and visit reminders: their jobs, their delivery, and the Taken / Snooze actions. */
export function createReminders(o: RemindersOptions) {
  const planning = registerReminderJobs(o.jobs, {
    db: o.db,
    clock: o.clock,
    publicUrl: o.config.publicUrl,
    tokens: o.tokens,
    planner: o.planner,
    deliver: o.deliver,
    visitRoom: o.visitRoom,
    supplyOf: o.supplyOf,
    missedDoses: o.missedDoses,
    caregiversWith: o.caregiversWith,
  });
  const service = createReminderService({
    db: o.db,
    clock: o.clock,
    tokens: o.tokens,
    planner: o.planner,
    recordDose: o.recordDose,
  });
  return { ...service, ensureDailyPlanning: () => planning.ensureDailyPlanning() };
}
