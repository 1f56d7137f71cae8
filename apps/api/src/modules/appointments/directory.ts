import { SLOT_QUERY_MAX_DAYS, type DoctorCard, type DoctorSummary } from '@tend/shared';
import { availabilityOf } from './availability-repo.ts';
import type { AppointmentContext } from './context.ts';
import { liveBookings } from './repo.ts';
import { reviewStats } from './reviews-repo.ts';
import { freeSlots, isoOf, startOfNextDay, type Interval } from './slots.ts';

export type DirectoryStats = Omit<DoctorCard, keyof DoctorSummary>;

const DAY_MS = 24 * 60 * 60_000;

/** A doctor without reviews or free slots. */
export const noDirectoryStats: DirectoryStats = {
  rating: null,
  reviewcount: 0,
  recommendpercent: null,
  availabletoday: false,
  nextslot: null,
};

/** What a directory card adds to a doctor: reviews and the next free slot. A few queries per page. */
export function directoryService({ db, clock }: AppointmentContext) {
  return {
    async statsOf(doctorIds: string[]): Promise<Map<string, DirectoryStats>> {
      const now = clock().getTime();
      const horizon = now + SLOT_QUERY_MAX_DAYS * DAY_MS;
      const [reviews, hours, bookings] = await Promise.all([
        reviewStats(db.kysely, doctorIds),
        availabilityOf(db.kysely, doctorIds),
        liveBookings(db.kysely, doctorIds, isoOf(now), isoOf(horizon)),
      ]);
      const booked = new Map<string, Interval[]>();
      for (const b of bookings) {
        const list = booked.get(b.doctor_id) ?? [];
        list.push({ start: Date.parse(b.start_at), end: Date.parse(b.end_at) });
        booked.set(b.doctor_id, list);
      }
      const stats = new Map(doctorIds.map((id) => [id, { ...noDirectoryStats }]));
      for (const r of reviews) {
        const count = Number(r.count);
        const entry = stats.get(r.doctor_id);
        if (!entry || count === 0) continue;
        entry.reviewcount = count;
        entry.rating = Math.round(Number(r.mean) * 10) / 10;
        entry.recommendpercent = Math.round((Number(r.recommending) / count) * 100);
      }
      for (const h of hours) {
        const entry = stats.get(h.doctorId);
        const next = freeSlots(h, now + 1, horizon, booked.get(h.doctorId) ?? []).next();
        if (!entry || next.done) continue;
        entry.nextslot = isoOf(next.value.start);
        entry.availabletoday = next.value.start < startOfNextDay(now, h.timezone);
      }
      return stats;
    },
  };
}

export type DirectoryService = ReturnType<typeof directoryService>;
