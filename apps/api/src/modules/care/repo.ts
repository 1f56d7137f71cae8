import { sql } from 'kysely';
import type { Executor } from '../../db/schema.ts';

const personColumns = ['users.id', 'users.firstname', 'users.lastname'] as const;
const doctorColumns = [
  ...personColumns,
  'users.specialty',
  'users.location',
  'users.years_of_experience',
  'users.consultation_fee_cents',
  'users.bio',
] as const;

/** Registered, active doctors whose name, specialty or location contains the words typed. */
export function searchDoctors(db: Executor, q: string | undefined, limit: number) {
  let query = db
    .selectFrom('users')
    .select(doctorColumns)
    .where('user_type', '=', 'doctor')
    .where('disabled_at', 'is', null);
  for (const word of (q ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<boolean>`(lower(users.firstname || ' ' || users.lastname || ' ' || coalesce(users.specialty, '') || ' ' || coalesce(users.location, '')) like ${pattern} escape '\\')`,
    );
  }
  return query
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

export function findDoctor(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(doctorColumns)
    .where('id', '=', id)
    .where('user_type', '=', 'doctor')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

export function findLink(db: Executor, patientId: string, doctorId: string) {
  return db
    .selectFrom('care_links')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('doctor_id', '=', doctorId)
    .executeTakeFirst();
}

export function findLinkById(db: Executor, id: string) {
  return db.selectFrom('care_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLink(
  db: Executor,
  row: { id: string; patient_id: string; doctor_id: string; created_at: string },
) {
  await db.insertInto('care_links').values(row).execute();
}

export async function deleteLink(db: Executor, id: string) {
  await db.deleteFrom('care_links').where('id', '=', id).execute();
}

/** Links where the user is on `side`, with the other party's details. */
export function listLinks(db: Executor, userId: string, side: 'patient' | 'doctor') {
  return db
    .selectFrom('care_links')
    .innerJoin('users as p', 'p.id', 'care_links.patient_id')
    .innerJoin('users as d', 'd.id', 'care_links.doctor_id')
    .select([
      'care_links.id',
      'care_links.created_at',
      'p.id as patient_id',
      'p.firstname as patient_firstname',
      'p.lastname as patient_lastname',
      'p.dateofbirth as patient_dateofbirth',
      'd.id as doctor_id',
      'd.firstname as doctor_firstname',
      'd.lastname as doctor_lastname',
      'd.specialty',
      'd.location',
      'd.years_of_experience',
      'd.consultation_fee_cents',
      'd.bio',
    ])
    .where(side === 'patient' ? 'care_links.patient_id' : 'care_links.doctor_id', '=', userId)
    .orderBy('care_links.created_at', 'asc')
    .execute();
}

export function avatarDates(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('avatars')
    .select(['user_id', 'updated_at'])
    .where('user_id', 'in', userIds)
    .execute();
}
