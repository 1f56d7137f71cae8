import { Temporal } from 'temporal-polyfill';
import {
  REMINDER_FOLLOWUP_MINUTES,
  VISIT_OPENS_BEFORE_MS,
  addDays,
  isDueOn,
  localDate,
  type ReminderSlot,
  type ReminderTimes,
} from '@tend/shared';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The instant a wall-clock time on a calendar day happens in a time zone. A time skipped by a
 * daylight-saving change (02:30 on a spring-forward night) happens just after the gap; a time that
 * happens twice (autumn) is the first of the two, so a reminder never comes twice.
 */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const zoned = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone, {
    disambiguation: 'compatible',
  });
  return new Date(zoned.epochMilliseconds);
}

/** The first instant of the next day: a dose's reminder actions expire then. */
export function endOfLocalDay(date: string, timeZone: string): Date {
  return new Date(
    Temporal.PlainDate.from(date).add({ days: 1 }).toZonedDateTime(timeZone).epochMilliseconds,
  );
}

export interface DoseWindow {
  startdate: string;
  enddate: string | null;
  timefrequency: ReminderSlot;
}

export interface PlannedDose {
  date: string;
  runAt: Date;
}

/**
 * The dose reminders one medication should have queued at `now`: for the patient's today and tomorrow
 * (so a daily planning pass always reaches at least 24 hours ahead, whatever the time zone), each day
 * that is due, not yet ticked, and whose reminder time is still to come.
 */
export function plannedDoseReminders({
  medication,
  taken,
  times,
  timeZone,
  now,
  onlyDay,
}: {
  medication: DoseWindow;
  /** Dates whose dose is ticked. */
  taken: ReadonlySet<string>;
  times: ReminderTimes;
  timeZone: string;
  now: Date;
  /** Only this one of the two days (a dose ticked): the other's time is not worked out. */
  onlyDay?: string | undefined;
}): PlannedDose[] {
  const today = localDate(now, timeZone);
  return [today, addDays(today, 1)]
    .filter((date) => !onlyDay || date === onlyDay)
    .filter((date) => isDueOn(medication, date) && !taken.has(date))
    .map((date) => ({ date, runAt: localInstant(date, times[medication.timefrequency], timeZone) }))
    .filter(({ runAt }) => runAt.getTime() > now.getTime());
}

/** The one follow-up of a dose reminder. */
export function followUpAt(reminderAt: Date): Date {
  return new Date(reminderAt.getTime() + REMINDER_FOLLOWUP_MINUTES * MINUTE_MS);
}

export const VISIT_REMINDERS = [
  { name: '24h', beforeMs: 24 * HOUR_MS },
  { name: '1h', beforeMs: HOUR_MS },
] as const;
/** An online visit's third reminder: its video room is open, with the way straight in. */
export const VISIT_ROOM_OPEN = 'open';
export type VisitReminderName = (typeof VISIT_REMINDERS)[number]['name'] | typeof VISIT_ROOM_OPEN;

/**
 * The visit reminders still to come for a visit starting at `start` (none for a time already past).
 * An online visit also gets one as its room opens, 10 minutes before the start, or at once when it
 * is accepted later than that.
 */
export function plannedVisitReminders(
  start: Date,
  now: Date,
  online = false,
): { name: VisitReminderName; runAt: Date }[] {
  const planned: { name: VisitReminderName; runAt: Date }[] = VISIT_REMINDERS.map(
    ({ name, beforeMs }) => ({ name, runAt: new Date(start.getTime() - beforeMs) }),
  ).filter(({ runAt }) => runAt.getTime() > now.getTime());
  if (online && start.getTime() > now.getTime()) {
    const opens = Math.max(start.getTime() - VISIT_OPENS_BEFORE_MS, now.getTime());
    planned.push({ name: VISIT_ROOM_OPEN, runAt: new Date(opens) });
  }
  return planned;
}

/** "2027-03-28 09:00 (Europe/Berlin)": the same in every language, in the person's own time zone. */
export function neutralTime(instant: Date, timeZone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(
    timeZone,
  );
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${zoned.year}-${pad(zoned.month)}-${pad(zoned.day)} ${pad(zoned.hour)}:${pad(zoned.minute)} (${timeZone})`;
}
