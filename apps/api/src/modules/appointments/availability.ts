import {
  SLOT_QUERY_MAX_DAYS,
  isValidDateOnly,
  type Availability,
  type SlotList,
} from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { findAvailability, saveAvailability } from './availability-repo.ts';
import type { AppointmentContext } from './context.ts';
import { findBookableDoctor, liveBookings } from './repo.ts';
import {
  LAST_FOUR_DIGIT_INSTANT,
  calendarDaysAfter,
  endOfDayIn,
  freeSlots,
  isoOf,
  startOfDayIn,
} from './slots.ts';

const DEFAULT_SLOT_DAYS = 7;

const noSuchDoctor = () => new AppError(404, 'not_found', 'There is no such doctor.');

/** A doctor's weekly hours, and the free slots they make. */
export function availabilityService({ db, clock }: AppointmentContext) {
  return {
    /** A doctor who never set hours gets an empty week in their profile's time zone, 30-minute slots. */
    async get(doctorId: string): Promise<Availability> {
      const stored = await findAvailability(db.kysely, doctorId);
      if (stored) {
        const { doctorId: _omit, ...availability } = stored;
        return availability;
      }
      const doctor = await findBookableDoctor(db.kysely, doctorId);
      return { timezone: doctor?.timezone ?? 'UTC', slotminutes: 30, weekly: [], daysoff: [] };
    },

    async put(doctorId: string, input: Availability): Promise<Availability> {
      const availability: Availability = {
        ...input,
        weekly: [...input.weekly].sort(
          (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
        ),
        daysoff: [...new Set(input.daysoff)].sort(),
      };
      await db.kysely
        .transaction()
        .execute((trx) => saveAvailability(trx, doctorId, availability, clock()));
      return availability;
    },

    /**
     * Free slots that start after now, within [from, to); the window is at most 31 days. A date as
     * `from` is the start of that day and as `to` the end of it, both in the doctor's time zone.
     */
    async slots(doctorId: string, from?: string, to?: string): Promise<SlotList> {
      const doctor = await findBookableDoctor(db.kysely, doctorId);
      if (!doctor) throw noSuchDoctor();
      const hours = await findAvailability(db.kysely, doctorId);
      const timeZone = hours?.timezone ?? doctor.timezone;
      const now = clock().getTime();
      const instantOf = (value: string, end: boolean) =>
        isValidDateOnly(value)
          ? (end ? endOfDayIn : startOfDayIn)(value, timeZone)
          : Date.parse(value);
      const fromMs = from ? instantOf(from, false) : now;
      const toMs = to
        ? instantOf(to, true)
        : calendarDaysAfter(fromMs, DEFAULT_SLOT_DAYS, timeZone);
      if (toMs <= fromMs) {
        throw new AppError(400, 'invalid_input', 'from must be before to.', {
          to: 'to must be after from.',
        });
      }
      if (toMs > calendarDaysAfter(fromMs, SLOT_QUERY_MAX_DAYS, timeZone)) {
        throw new AppError(
          400,
          'invalid_input',
          `Ask for at most ${SLOT_QUERY_MAX_DAYS} days of slots at a time.`,
          { to: `At most ${SLOT_QUERY_MAX_DAYS} days after from.` },
        );
      }
      if (!hours) return { timezone: timeZone, slots: [] };
      const start = Math.max(fromMs, now + 1);
      const end = Math.min(toMs, LAST_FOUR_DIGIT_INSTANT);
      if (start >= end) return { timezone: hours.timezone, slots: [] };
      const booked = (await liveBookings(db.kysely, [doctorId], isoOf(start), isoOf(end))).map(
        (b) => ({ start: Date.parse(b.start_at), end: Date.parse(b.end_at) }),
      );
      return {
        timezone: hours.timezone,
        slots: [...freeSlots(hours, start, end, booked)].map((s) => ({
          start: isoOf(s.start),
          end: isoOf(s.end),
        })),
      };
    },
  };
}
