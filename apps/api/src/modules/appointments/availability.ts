import { SLOT_QUERY_MAX_DAYS, type Availability, type SlotList } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { findAvailability, saveAvailability } from './availability-repo.ts';
import type { AppointmentContext } from './context.ts';
import { findBookableDoctor, liveBookings } from './repo.ts';
import { freeSlots, isoOf } from './slots.ts';

const DAY_MS = 24 * 60 * 60_000;
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

    /** Free slots that start after now, within [from, to); the window is at most 31 days. */
    async slots(doctorId: string, from?: string, to?: string): Promise<SlotList> {
      const doctor = await findBookableDoctor(db.kysely, doctorId);
      if (!doctor) throw noSuchDoctor();
      const now = clock().getTime();
      const fromMs = from ? Date.parse(from) : now;
      const toMs = to ? Date.parse(to) : fromMs + DEFAULT_SLOT_DAYS * DAY_MS;
      if (toMs <= fromMs) {
        throw new AppError(400, 'invalid_input', 'from must be before to.', {
          to: 'to must be after from.',
        });
      }
      if (toMs - fromMs > SLOT_QUERY_MAX_DAYS * DAY_MS) {
        throw new AppError(
          400,
          'invalid_input',
          `Ask for at most ${SLOT_QUERY_MAX_DAYS} days of slots at a time.`,
          { to: `At most ${SLOT_QUERY_MAX_DAYS} days after from.` },
        );
      }
      const hours = await findAvailability(db.kysely, doctorId);
      if (!hours) return { timezone: doctor.timezone, slots: [] };
      const start = Math.max(fromMs, now + 1);
      if (start >= toMs) return { timezone: hours.timezone, slots: [] };
      const booked = (await liveBookings(db.kysely, [doctorId], isoOf(start), isoOf(toMs))).map(
        (b) => ({ start: Date.parse(b.start_at), end: Date.parse(b.end_at) }),
      );
      return {
        timezone: hours.timezone,
        slots: [...freeSlots(hours, start, toMs, booked)].map((s) => ({
          start: isoOf(s.start),
          end: isoOf(s.end),
        })),
      };
    },
  };
}
