import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Outbox } from '../../mail/outbox.ts';
import type { MedicationService } from '../medications/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { PushService } from '../push/service.ts';
import type { ActionTokens } from './action-tokens.ts';
import { reminderDelivery } from './delivery.ts';
import type { ReminderPlanner } from './planner.ts';
import { registerReminderJobs } from './reminder-jobs.ts';
import { createReminderService } from './service.ts';
import { visitRoomFor } from './visit-room.ts';

export interface RemindersOptions {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  clock: () => Date;
  jobs: JobRunner;
  outbox: Outbox;
  push: PushService;
  notifications: NotificationService;
  medications: MedicationService;
  tokens: ActionTokens;
  planner: ReminderPlanner;
}

/** Dose and visit reminders: their jobs, their delivery, and the Taken / Snooze actions. */
export function createReminders(o: RemindersOptions) {
  const planning = registerReminderJobs({
    db: o.db,
    jobs: o.jobs,
    clock: o.clock,
    publicUrl: o.config.publicUrl,
    tokens: o.tokens,
    planner: o.planner,
    deliver: reminderDelivery({ notifications: o.notifications, outbox: o.outbox, push: o.push }),
    visitRoom: visitRoomFor,
  });
  const service = createReminderService({
    db: o.db,
    clock: o.clock,
    tokens: o.tokens,
    planner: o.planner,
    medications: o.medications,
  });
  return { ...service, ensureDailyPlanning: () => planning.ensureDailyPlanning() };
}
