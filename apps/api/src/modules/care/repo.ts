import { precompilePerDialect } from '../../db/precompiled.ts';
import { sql } from 'kysely';
import type { PageRequest } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { byCreation, pageOf, textColumn, toPage, type KeysetOrder } from '../../lib/pagination.ts';

const personColumns = ['users.id', 'users.firstname', 'users.lastname'] as const;
const doctorColumns = [
  ...personColumns,
  'users.specialty',
  'users.location',
  'users.years_of_experience',
  'users.consultation_fee_cents',
  'users.bio',
] as const;

const directoryOrder: KeysetOrder<{ id: string; firstname: string; lastname: string }> = {
  columns: [textColumn('users.lastname'), textColumn('users.firstname'), textColumn('users.id')],
  direction: 'asc',
  keyOf: (r) => [r.lastname, r.firstname, r.id],
};

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const wordsOf = (text: string | undefined) =>
  (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Registered, active doctors whose name, specialty or location contains the words typed (and whose
 * specialty contains `specialty`'s words), by name.
 */
export async function searchDoctors(
  db: Executor,
  q: string | undefined,
  page: PageRequest,
  specialty?: string,
) {
  let query = db
    .selectFrom('users')
    .select(doctorColumns)
    .where('user_type', '=', 'doctor')
    .where('disabled_at', 'is', null);
  for (const word of wordsOf(q)) {
    query = query.where(
      sql<boolean>`(lower(users.firstname || ' ' || users.lastname || ' ' || coalesce(users.specialty, '') || ' ' || coalesce(users.location, '')) like ${likePattern(word)} escape '\\')`,
    );
  }
  for (const word of wordsOf(specialty)) {
    query = query.where(
      sql<boolean>`(lower(coalesce(users.specialty, '')) like ${likePattern(word)} escape '\\')`,
    );
  }
  return toPage(await pageOf(query, directoryOrder, page).execute(), page, directoryOrder);
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

const linkIdOfPair = precompilePerDialect(['patientId', 'doctorId'], (db, p) =>
  db
    .selectFrom('care_links')
    .select('id')
    .where('patient_id', '=', p.patientId)
    .where('doctor_id', '=', p.doctorId),
);

/**
 * Whether the pair shares a care link: every gate of a doctor's look at a patient asks, so the
 * query is compiled once rather than built on every request.
 */
export async function linkExists(db: Executor, patientId: string, doctorId: string) {
  return (await linkIdOfPair(db, { patientId, doctorId })).rows.length > 0;
}

/** The doctors a patient shares with now: who a live event about their data may reach. */
export async function linkedDoctorIds(db: Executor, patientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('care_links')
    .select('doctor_id')
    .where('patient_id', '=', patientId)
    .execute();
  return rows.map((row) => row.doctor_id);
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

const linkOrder = byCreation('care_links', 'asc');

const sideColumn = (side: 'patient' | 'doctor') =>
  side === 'patient' ? 'care_links.patient_id' : 'care_links.doctor_id';

/** How many links the user has on `side`: what the per-person cap counts. */
export async function countLinks(db: Executor, userId: string, side: 'patient' | 'doctor') {
  const row = await db
    .selectFrom('care_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sideColumn(side), '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Links with both parties' details, for lists and for a single link. */
function linkDetails(db: Executor) {
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
    ]);
}
export type LinkDetailsRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof linkDetails>['executeTakeFirst']>>
>;

/** One page of the links where the user is on `side`, oldest first. */
export async function listLinks(
  db: Executor,
  userId: string,
  side: 'patient' | 'doctor',
  page: PageRequest,
) {
  const query = linkDetails(db).where(sideColumn(side), '=', userId);
  return toPage(await pageOf(query, linkOrder, page).execute(), page, linkOrder);
}

export function findLinkDetails(db: Executor, id: string) {
  return linkDetails(db).where('care_links.id', '=', id).executeTakeFirst();
}

/** Profile-picture dates of the people on one page (at most two per row, so a bounded list). */
export { avatarsOf as avatarDates } from '../../db/people.ts';

/** A person's names, for the access log to say on whose behalf a caregiver acted. */
export function findPersonName(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname'])
    .where('id', '=', id)
    .executeTakeFirst();
}
