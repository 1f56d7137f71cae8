/**
 * What runs under every feature: counters, live events, notifications, jobs, reminders and Web
 * Push, server keys, backups, news subscriptions. Row types; ../schema.ts assembles the Database
 * from them.
 */
import type { Generated } from 'kysely';
import type { LiveEventType, NotificationKind } from '@tend/shared';

/** One key's fixed window of rate-limit or failed-sign-in counts (when no Redis is configured). */
export interface CountersTable {
  key: string;
  count: number;
  expires_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  user_id: string;
  type: LiveEventType;
  /** JSON text. */
  data: string;
  created_at: string;
}

export interface EventRetentionTable {
  name: string;
  pruned_through: number;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
  /** A dose reminder's action (reminder_actions.id); null for every other notification. */
  reminder_id: string | null;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed' | 'dropped';

/** A background job (see jobs/). */
export interface JobsTable {
  id: string;
  /** Unique: planning the same job twice is a no-op. */
  key: string;
  kind: string;
  /** The medication or appointment it is about, so a change can cancel it; null for others. */
  subject: string | null;
  run_at: string;
  /** JSON text. */
  payload: string;
  state: JobState;
  attempts: Generated<number>;
  /** The last failure's kind and code, never its message. */
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationSettingsTable {
  user_id: string;
  /** 0/1 on SQLite. */
  email: boolean | number;
  push: boolean | number;
  /** HH:MM in the person's time zone. */
  day: string;
  afternoon: string;
  night: string;
  updated_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** What a dose reminder's token acts on; only the token's hash is kept. */
export interface ReminderActionsTable {
  id: string;
  token_hash: string;
  patient_id: string;
  medication_id: string;
  date: string;
  expires_at: string;
  created_at: string;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** A finished backup (scheduled into BACKUP_DIR, or made with npm run backup). */
export interface BackupsTable {
  id: string;
  kind: 'scheduled' | 'manual';
  /** A bare file name for scheduled backups; the path given for manual ones. */
  file: string;
  size: number;
  finished_at: string;
}

export interface SubscriptionsTable {
  id: string;
  email: string;
  email_normalized: string;
  created_at: string;
}
