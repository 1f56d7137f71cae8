import { Temporal } from 'temporal-polyfill';
import type { WeeklyRange } from '@tend/shared';

/** A doctor's working pattern, as kept in their own time zone. */
export interface WeeklyHours {
  timezone: string;
  slotminutes: number;
  weekly: readonly WeeklyRange[];
  daysoff: readonly string[];
}

/** Half-open [start, end) in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * The slots a doctor offers that start within [fromMs, toMs), earliest first, booked or not.
 *
 * Each weekly range is laid on each calendar day in the doctor's zone, and slots follow one another in
 * elapsed time from the range's start until the next would pass the range's end. So on the night the
 * clocks go forward a range simply holds an hour less, and on the night they go back an hour more; a slot
 * never starts at a wall time that does not exist, and none is offered twice.
 */
export function* offeredSlots(
  hours: WeeklyHours,
  fromMs: number,
  toMs: number,
): Generator<Interval> {
  if (fromMs >= toMs || hours.weekly.length === 0) return;
  const timeZone = hours.timezone;
  const byWeekday = new Map<number, WeeklyRange[]>();
  for (const range of [...hours.weekly].sort((a, b) => a.start.localeCompare(b.start))) {
    byWeekday.set(range.weekday, [...(byWeekday.get(range.weekday) ?? []), range]);
  }
  const daysOff = new Set(hours.daysoff);
  const slotMs = hours.slotminutes * 60_000;
  const at = (ms: number) =>
    Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  // A day earlier than `from` is looked at too: where midnight itself is skipped, a day can start late.
  const lastDay = at(toMs).toPlainDate();
  for (
    let day = at(fromMs).toPlainDate().subtract({ days: 1 });
    Temporal.PlainDate.compare(day, lastDay) <= 0;
    day = day.add({ days: 1 })
  ) {
    const date = day.toString();
    if (daysOff.has(date)) continue;
    for (const range of byWeekday.get(day.dayOfWeek) ?? []) {
      const rangeEnd = wallTimeMs(date, range.end, timeZone);
      // Slots follow in elapsed time, so plain milliseconds: ZonedDateTime.add of minutes is the same.
      for (let start = wallTimeMs(date, range.start, timeZone); start + slotMs <= rangeEnd;) {
        if (start >= fromMs && start < toMs) yield { start, end: start + slotMs };
        start += slotMs;
      }
    }
  }
}

/**
 * Where a wall time of a day falls in a zone never changes (short of a new time-zone database), and
 * working it out is most of a slot list's cost: the directory and the booking page ask for the same
 * weeks again and again.
 */
const wallTimes = new Map<string, number>();
const WALL_TIMES_KEPT = 50_000;

function wallTimeMs(date: string, hhmm: string, timeZone: string): number {
  const key = `${timeZone} ${date} ${hhmm}`;
  const known = wallTimes.get(key);
  if (known !== undefined) return known;
  const ms = Temporal.PlainDate.from(date).toZonedDateTime({
    timeZone,
    plainTime: Temporal.PlainTime.from(hhmm),
  }).epochMilliseconds;
  if (wallTimes.size >= WALL_TIMES_KEPT) wallTimes.clear();
  wallTimes.set(key, ms);
  return ms;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** The offered slots in [fromMs, toMs) that no live booking overlaps. */
export function* freeSlots(
  hours: WeeklyHours,
  fromMs: number,
  toMs: number,
  booked: readonly Interval[],
): Generator<Interval> {
  for (const slot of offeredSlots(hours, fromMs, toMs)) {
    if (!booked.some((b) => overlaps(slot, b))) yield slot;
  }
}

/** The calendar day an instant falls on in a zone, as YYYY-MM-DD. */
export function dayIn(ms: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** The instant the calendar day after `ms`'s day begins, in a zone. */
export function startOfNextDay(ms: number, timeZone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .add({ days: 1 })
    .toZonedDateTime({ timeZone }).epochMilliseconds;
}

/** The instant a calendar day (YYYY-MM-DD) begins in a zone; where midnight is skipped, the first that exists. */
export function startOfDayIn(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds;
}

/** The instant a calendar day ends (the next one starts) in a zone: 23, 24 or 25 hours after it began. */
export function endOfDayIn(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).add({ days: 1 }).toZonedDateTime({ timeZone })
    .epochMilliseconds;
}

/**
 * The last instant an ISO 8601 date-time with a four-digit year can write: a window reaching past it
 * is cut there, so every slot and database bound stays a plain timestamp (PostgreSQL refuses the
 * `+010000-…` form toISOString gives later instants).
 */
export const LAST_FOUR_DIGIT_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The instant `days` calendar days after `ms` in a zone: on a daylight-saving change an hour more or less. */
export function calendarDaysAfter(ms: number, days: number, timeZone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).add({ days })
    .epochMilliseconds;
}

export const isoOf = (ms: number) => new Date(ms).toISOString();
