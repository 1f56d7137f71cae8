import type { Appointment, AppointmentList, AppointmentStatus } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../accounts/tokens.ts';
import { availabilityService } from './availability.ts';
import { billingService } from './billing.ts';
import { bookingService } from './booking.ts';
import { noSuchVisit, visitOf, type AppointmentContext } from './context.ts';
import { directoryService } from './directory.ts';
import { lifecycleService } from './lifecycle.ts';
import { reviewService } from './reviews.ts';
import { LONGEST_SLOT_MS } from './repo.ts';
import { findVisit, listVisits } from './view-repo.ts';
import { toAppointment } from './view.ts';

export type { LinkOnAccept } from './context.ts';
export { noDirectoryStats, type DirectoryService, type DirectoryStats } from './directory.ts';

const badCursor = () =>
  new AppError(
    400,
    'invalid_cursor',
    'This page position is not valid; start again from the first page.',
    {
      cursor: 'Use the nextCursor of a previous page, or leave it out for the first page.',
    },
  );

const encodeCursor = (key: [string, string]) =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === 2 &&
      typeof key[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(key[0]) &&
      !Number.isNaN(Date.parse(key[0])) &&
      typeof key[1] === 'string' &&
      key[1].length <= 64
    ) {
      return key as [string, string];
    }
  } catch {
    // falls through to the same answer as any other cursor the server did not make
  }
  throw badCursor();
}

/** Appointments between patients and doctors: hours, slots, booking, the visit's life, billing, reviews. */
export function createAppointmentService(ctx: AppointmentContext) {
  const { db, clock } = ctx;

  async function view(id: string): Promise<Appointment> {
    const row = await findVisit(db.kysely, id);
    if (!row) throw noSuchVisit();
    return toAppointment(row);
  }

  return {
    availability: availabilityService(ctx),
    booking: bookingService(ctx),
    lifecycle: lifecycleService(ctx),
    billing: billingService(ctx),
    reviews: reviewService(ctx),
    directory: directoryService(ctx),
    view,

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
    ): Promise<AppointmentList> {
      const now = clock();
      const rows = await listVisits(db.kysely, {
        userId: claims.userId,
        side: claims.role,
        scope: query.scope,
        status: query.status,
        nowIso: now.toISOString(),
        earliestLiveStart: new Date(now.getTime() - LONGEST_SLOT_MS).toISOString(),
        after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        appointments: page.map(toAppointment),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor([last.start_at, last.id]) : null,
      };
    },
  };
}

export type AppointmentService = ReturnType<typeof createAppointmentService>;
