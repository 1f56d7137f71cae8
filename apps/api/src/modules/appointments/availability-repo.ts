import type { Availability, WeeklyRange } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';

export type StoredAvailability = Availability & { doctorId: string };

function fromRow(row: {
  doctor_id: string;
  timezone: string;
  slot_minutes: number;
  weekly: string;
  days_off: string;
}): StoredAvailability {
  return {
    doctorId: row.doctor_id,
    timezone: row.timezone,
    slotminutes: row.slot_minutes as Availability['slotminutes'],
    weekly: JSON.parse(row.weekly) as WeeklyRange[],
    daysoff: JSON.parse(row.days_off) as string[],
  };
}

export async function findAvailability(db: Executor, doctorId: string) {
  const row = await db
    .selectFrom('availability')
    .selectAll()
    .where('doctor_id', '=', doctorId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function availabilityOf(db: Executor, doctorIds: string[]) {
  if (doctorIds.length === 0) return [];
  const rows = await db
    .selectFrom('availability')
    .selectAll()
    .where('doctor_id', 'in', doctorIds)
    .execute();
  return rows.map(fromRow);
}

export async function saveAvailability(db: Executor, doctorId: string, a: Availability, now: Date) {
  const values = {
    timezone: a.timezone,
    slot_minutes: a.slotminutes,
    weekly: JSON.stringify(a.weekly),
    days_off: JSON.stringify(a.daysoff),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('availability')
    .values({ doctor_id: doctorId, ...values })
    .onConflict((oc) => oc.column('doctor_id').doUpdateSet(values))
    .execute();
}

/** The zone a doctor keeps their practice in: their hours' zone, else their profile's. */
export async function doctorTimeZone(db: Executor, doctorId: string): Promise<string> {
  const hours = await findAvailability(db, doctorId);
  if (hours) return hours.timezone;
  const user = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', doctorId)
    .executeTakeFirst();
  return user?.timezone ?? 'UTC';
}
