import type { Executor } from '../../db/schema.ts';
import type { ReminderTimes } from './feed-ics.ts';
import { storedReminderTimes } from './repo.ts';

/** Notification settings' defaults for a person who never changed them (migration 0011). */
export const DEFAULT_REMINDER_TIMES: ReminderTimes = {
  day: '09:00',
  afternoon: '14:00',
  night: '21:00',
};

/** The times a person's dose reminders go out, which the feed's medication events follow. */
export async function reminderTimesFromSettings(
  db: Executor,
  userId: string,
): Promise<ReminderTimes> {
  return (await storedReminderTimes(db, userId)) ?? DEFAULT_REMINDER_TIMES;
}
