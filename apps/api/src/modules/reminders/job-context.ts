import type { NotificationKind } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { CaregiverArea } from '@tend/shared';
import type { ActionTokens } from './action-tokens.ts';
import type { MissedDoseNeeds } from './missed-doses.ts';
import type { ReminderPlanner } from './planner.ts';
import type { ReminderPerson } from './repo.ts';
import type { SupplyOf } from './run-out.ts';

/** Reminders later than this are dropped: an hour-old nudge helps nobody (issue 11). */
export const REMINDER_STALE_MS = 60 * 60 * 1000;

/** One reminder to one person, told in the app and, as they chose, by email and Web Push. */
export interface Reminder {
  /** Unique per reminder and person: the email and pushes it queues are keyed by it. */
  key: string;
  kind: Extract<
    NotificationKind,
    'dose_reminder' | 'visit_reminder' | 'prescription' | 'caregiver'
  >;
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  /** Replaces an earlier push with the same tag in the browser. */
  tag: string;
  reminderId: string | null;
  email: {
    subject: string;
    /** Paragraphs, in order. */
    lines: string[];
    /** An absolute address to open Tend at. */
    url: string;
    linkText: string;
  };
}

/**
 * Delivers a reminder inside the job's transaction (the notifications module): in-app, email and
 * push as the person's settings say; nothing to a disabled account.
 */
export type DeliverReminder = (
  trx: Executor,
  person: ReminderPerson,
  reminder: Reminder,
) => Promise<void>;

/** What the reminder jobs need: their own parts, and what other modules answer (wired in app.ts). */
export interface ReminderJobsContext {
  db: Db;
  clock: () => Date;
  publicUrl: string;
  tokens: ActionTokens;
  planner: ReminderPlanner;
  deliver: DeliverReminder;
  /** The video room of an online visit, made on first asking (the visits module), for the join link. */
  visitRoom: (trx: Executor, appointmentId: string) => Promise<string | null>;
  /** A prescription's dispensed supply (the prescriptions module). */
  supplyOf: SupplyOf;
  /** The caregivers' missed-dose alerts (the caregivers module). */
  missedDoses: MissedDoseNeeds;
  /** The caregivers a patient gives an area (the caregivers module): the run-out reminder reaches them. */
  caregiversWith: (
    trx: Executor,
    patientId: string,
    area: CaregiverArea,
  ) => Promise<ReminderPerson[]>;
}
