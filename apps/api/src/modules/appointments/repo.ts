import { sql } from 'kysely';
import { SLOT_MINUTES, type AppointmentStatus } from '@tend/shared';
import type { AppointmentsTable, Executor } from '../../db/schema.ts';

/** Statuses that hold a slot; the partial unique index covers exactly these. */
export const LIVE_STATUSES = ['requested', 'accepted'] as const satisfies AppointmentStatus[];

/** Longest slot a doctor may offer: a booking that overlaps [from, to) starts after from minus this. */
export const LONGEST_SLOT_MS = Math.max(...SLOT_MINUTES) * 60_000;

export function findBookableDoctor(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'lastname', 'consultation_fee_cents', 'timezone'])
    .where('id', '=', id)
    .where('user_type', '=', 'doctor')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** Live bookings of these doctors that overlap [fromIso, toIso). */
export function liveBookings(db: Executor, doctorIds: string[], fromIso: string, toIso: string) {
  if (doctorIds.length === 0) return Promise.resolve([]);
  const earliestStart = new Date(Date.parse(fromIso) - LONGEST_SLOT_MS).toISOString();
  return db
    .selectFrom('appointments')
    .select(['id', 'doctor_id', 'start_at', 'end_at'])
    .where('doctor_id', 'in', doctorIds)
    .where('status', 'in', LIVE_STATUSES)
    .where('start_at', '>', earliestStart)
    .where('start_at', '<', toIso)
    .where('end_at', '>', fromIso)
    .execute();
}

/** Whether the two have a visit that was not cancelled (what lets them message each other). */
export async function hasVisitTogether(db: Executor, patientId: string, doctorId: string) {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('patient_id', '=', patientId)
    .where('doctor_id', '=', doctorId)
    .where('status', '<>', 'cancelled')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUpcoming(db: Executor, patientId: string, nowIso: string) {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patientId)
    .where('status', 'in', LIVE_STATUSES)
    .where('end_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewAppointment = Pick<
  AppointmentsTable,
  | 'id'
  | 'patient_id'
  | 'doctor_id'
  | 'start_at'
  | 'end_at'
  | 'type'
  | 'purpose'
  | 'fee_cents'
  | 'created_at'
>;

export async function insertAppointment(db: Executor, row: NewAppointment) {
  await db
    .insertInto('appointments')
    .values({ ...row, status: 'requested', updated_at: row.created_at })
    .execute();
}

export function findAppointmentRow(db: Executor, id: string) {
  return db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();
}

export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointmentRow>>>;

/**
 * Changes a visit only if it is still in one of `from` (and, when given, still at `start`), so two
 * people acting at once cannot both move it: the second finds nothing to change.
 */
export async function transition(
  db: Executor,
  id: string,
  from: readonly AppointmentStatus[],
  changes: Partial<Omit<AppointmentsTable, 'id' | 'patient_id' | 'doctor_id' | 'created_at'>> & {
    updated_at: string;
  },
  extra: { unpaid?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('appointments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from);
  if (extra.unpaid) query = query.where('paid_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The next receipt number; the row stays locked until the payment's transaction ends. */
export async function nextReceiptNumber(db: Executor): Promise<number> {
  const row = await db
    .updateTable('receipt_sequence')
    .set({ last_number: sql`last_number + 1` })
    .where('id', '=', 'receipts')
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}
