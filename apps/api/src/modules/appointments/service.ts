import type { Appointment, AppointmentList, AppointmentStatus } from '@tend/shared';
import { decodeCursor, encodeCursor, instantColumn, textColumn } from '../../lib/pagination.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { availabilityService } from './availability.ts';
import { billingService } from './billing.ts';
import { bookingService } from './booking.ts';
import { noSuchVisit, visitOf, type AppointmentContext } from './context.ts';
import { directoryService } from './directory.ts';
import { lifecycleService } from './lifecycle.ts';
import { reviewService } from './reviews.ts';
import { hasVisitTogether, LONGEST_SLOT_MS } from './repo.ts';
import { findVisit, listVisits } from './view-repo.ts';
import { toAppointment } from './view.ts';
import { careSideOf } from '../../lib/care-side.ts';

export type { AnnounceChange, LinkOnAccept, VisitChange } from './context.ts';
export { noDirectoryStats, type DirectoryService, type DirectoryStats } from './directory.ts';

/** Visits are listed in (start, id) order; a cursor is the last visit's pair. */
const cursorColumns = [instantColumn('a.start_at'), textColumn('a.id')];

/** Appointments between patients and doctors: hours, slots, booking, the visit's life, billing, reviews. */
export function createAppointmentService(ctx: AppointmentContext) {
  const { db, clock, currency } = ctx;

  async function view(id: string): Promise<Appointment> {
    const row = await findVisit(db.kysely, id);
    if (!row) throw noSuchVisit();
    return toAppointment(row, currency);
  }

  return {
    availability: availabilityService(ctx),
    booking: bookingService(ctx),
    lifecycle: lifecycleService(ctx),
    billing: billingService(ctx),
    reviews: reviewService(ctx),
    directory: directoryService(ctx),
    view,

    /** A requested, accepted or completed visit between the two (messaging may then open). */
    haveVisitTogether: (patientId: string, doctorId: string) =>
      hasVisitTogether(db.kysely, patientId, doctorId),

    async get(claims: AccessClaims, id: string): Promise<Appointment> {
      await visitOf(db.kysely, claims, id);
      return view(id);
    },

    async list(
      claims: AccessClaims,
      query: {
        scope?: 'upcoming' | 'past' | undefined;
        status?: AppointmentStatus | undefined;
        limit: number;
        cursor?: string | undefined;
      },
      /** A doctor's visits with this one patient (the route's gate found they share). */
      withPatient?: string,
    ): Promise<AppointmentList> {
      const now = clock();
      const rows = await listVisits(db.kysely, {
        userId: claims.userId,
        side: careSideOf(claims.role),
        withPatient,
        scope: query.scope,
        status: query.status,
        nowIso: now.toISOString(),
        earliestLiveStart: new Date(now.getTime() - LONGEST_SLOT_MS).toISOString(),
        after:
          query.cursor === undefined
            ? undefined
            : (decodeCursor(query.cursor, cursorColumns) as [string, string]),
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        appointments: page.map((row) => toAppointment(row, currency)),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor([last.start_at, last.id]) : null,
      };
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
