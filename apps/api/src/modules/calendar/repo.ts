import { CALENDAR_MAX_MEDICATIONS, CALENDAR_MAX_VISITS } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';

export interface FeedRow {
  user_id: string;
  feed_key: string;
  secret_hash: string;
}

export function feedOf(db: Executor, userId: string): Promise<FeedRow | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .select(['user_id', 'feed_key', 'secret_hash'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Stores a person's feed row. `keep`: a feed already there stays (two first requests at once: the
 * second insert changes nothing and both read the first one back). `replace`: the row takes its place.
 */
export async function saveFeed(
  db: Executor,
  row: FeedRow & { created_at: string },
  whenSet: 'keep' | 'replace',
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) =>
      whenSet === 'keep'
        ? oc.column('user_id').doNothing()
        : oc.column('user_id').doUpdateSet({
            feed_key: row.feed_key,
            secret_hash: row.secret_hash,
            created_at: row.created_at,
          }),
    )
    .execute();
}

/** The person a feed belongs to; disabled accounts have no feed. */
export function ownerOfFeed(db: Executor, secretHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.user_type', 'users.timezone', 'users.language'])
    .where('calendar_feeds.secret_hash', '=', secretHash)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

export type Person = NonNullable<Awaited<ReturnType<typeof ownerOfFeed>>>;

/**
 * A person's accepted (and later completed) visits from `since` on, newest first, at most
 * CALENDAR_MAX_VISITS; with the other side's name and the doctor's practice address.
 */
export function visitsOf(db: Executor, person: Person, since: string) {
  const side =
    person.user_type === 'patient' ? 'appointments.patient_id' : 'appointments.doctor_id';
  return db
    .selectFrom('appointments')
    .innerJoin('users as patient', 'patient.id', 'appointments.patient_id')
    .innerJoin('users as doctor', 'doctor.id', 'appointments.doctor_id')
    .select([
      'appointments.id',
      'appointments.start_at',
      'appointments.end_at',
      'appointments.type',
      'appointments.status',
      'appointments.purpose',
      'appointments.visit_room_id',
      'appointments.updated_at',
      'patient.firstname as patient_firstname',
      'patient.lastname as patient_lastname',
      'doctor.firstname as doctor_firstname',
      'doctor.lastname as doctor_lastname',
      'doctor.location as doctor_location',
    ])
    .where(side, '=', person.id)
    .where('appointments.status', 'in', ['accepted', 'completed'])
    .where('appointments.start_at', '>=', since)
    .orderBy('appointments.start_at', 'desc')
    .limit(CALENDAR_MAX_VISITS)
    .execute();
}

export type VisitRow = Awaited<ReturnType<typeof visitsOf>>[number];

/** A patient's medications still running on `since` or later, newest start first, at most the cap. */
export function medicationsOf(db: Executor, patientId: string, since: string) {
  return db
    .selectFrom('medications')
    .select([
      'id',
      'name',
      'dosage',
      'description',
      'startdate',
      'enddate',
      'timefrequency',
      'updated_at',
    ])
    .where('patient_id', '=', patientId)
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', since)]))
    .orderBy('startdate', 'desc')
    .orderBy('id', 'desc')
    .limit(CALENDAR_MAX_MEDICATIONS)
    .execute();
}

export type MedicationRow = Awaited<ReturnType<typeof medicationsOf>>[number];
