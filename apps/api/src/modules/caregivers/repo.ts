import type { CaregiverArea, PageRequest } from '@tend/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CaregiversTable, Executor } from '../../db/schema.ts';
import { withPerson } from '../../db/people.ts';
import { precompilePerDialect } from '../../db/precompiled.ts';
import type { OnBehalfArea } from '../../lib/acting-for.ts';
import { byCreation, pageOf, toPage } from '../../lib/pagination.ts';

export type CaregiverRow = Selectable<CaregiversTable>;

const newestFirst = byCreation('caregivers', 'desc');

/** A relation with both people's names and pictures, as the lists and answers show it. */
function withPeople(db: Executor) {
  return withPerson(
    withPerson(
      db.selectFrom('caregivers').selectAll('caregivers'),
      'patient',
      'caregivers.patient_id',
      { extra: ['dependent'] },
    ),
    'carer',
    'caregivers.caregiver_id',
    { optional: true },
  );
}
export type CaregiverDetailsRow = Awaited<
  ReturnType<ReturnType<typeof withPeople>['executeTakeFirstOrThrow']>
>;

export function findDetails(db: Executor, id: string) {
  return withPeople(db).where('caregivers.id', '=', id).executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('caregivers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('caregivers')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The patient's caregivers and open invitations (lapsed ones excluded), newest first. */
export async function listOfPatient(
  db: Executor,
  patientId: string,
  now: string,
  page: PageRequest,
) {
  const query = withPeople(db)
    .where('caregivers.patient_id', '=', patientId)
    .where((eb) =>
      eb.or([eb('caregivers.status', '=', 'active'), eb('caregivers.expires_at', '>', now)]),
    );
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

/** Those the account cares for, and open invitations to its address, newest first. */
export async function listOfCaregiver(
  db: Executor,
  caregiver: { id: string; emailNormalized: string },
  now: string,
  page: PageRequest,
) {
  const query = withPeople(db).where((eb) =>
    eb.or([
      eb('caregivers.caregiver_id', '=', caregiver.id),
      eb.and([
        eb('caregivers.status', '=', 'invited'),
        eb('caregivers.email_normalized', '=', caregiver.emailNormalized),
        eb('caregivers.expires_at', '>', now),
      ]),
    ]),
  );
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

/** Caregivers and open invitations of a patient, for the cap. */
export async function countOfPatient(db: Executor, patientId: string, now: string) {
  const row = await db
    .selectFrom('caregivers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patientId)
    .where((eb) => eb.or([eb('status', '=', 'active'), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The relation of this pair, accepted or not. */
export function findPair(db: Executor, patientId: string, caregiverId: string) {
  return db
    .selectFrom('caregivers')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('caregiver_id', '=', caregiverId)
    .executeTakeFirst();
}

/** An open invitation of this patient to this address. */
export function findInvitation(db: Executor, patientId: string, emailNormalized: string) {
  return db
    .selectFrom('caregivers')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('email_normalized', '=', emailNormalized)
    .where('status', '=', 'invited')
    .executeTakeFirst();
}

// Every request a caregiver makes on someone's behalf asks this in its gate: compiled once.
const activeAreasQuery = precompilePerDialect(['patientId', 'caregiverId'], (db, p) =>
  db
    .selectFrom('caregivers')
    .innerJoin('users', 'users.id', 'caregivers.patient_id')
    .select(['caregivers.areas', 'users.dependent'])
    .where('caregivers.patient_id', '=', p.patientId)
    .where('caregivers.caregiver_id', '=', p.caregiverId)
    .where('caregivers.status', '=', 'active'),
);

/**
 * The areas of an accepted relation of this pair, or undefined; with `dependent` when the patient
 * is a dependent without a sign-in of their own (docs/decisions/051).
 */
export async function activeAreas(
  db: Executor,
  patientId: string,
  caregiverId: string,
): Promise<OnBehalfArea[] | undefined> {
  const row = (await activeAreasQuery(db, { patientId, caregiverId })).rows[0];
  if (row === undefined) return undefined;
  const areas: OnBehalfArea[] = areasOf(row.areas);
  return row.dependent === true || row.dependent === 1 ? [...areas, 'dependent'] : areas;
}

export const areasOf = (stored: string): CaregiverArea[] =>
  stored === '' ? [] : (stored.split(',') as CaregiverArea[]);

export async function insertCaregiver(db: Executor, row: Insertable<CaregiversTable>) {
  await db.insertInto('caregivers').values(row).execute();
}

export async function updateCaregiver(
  db: Executor,
  id: string,
  changes: Updateable<CaregiversTable>,
) {
  await db.updateTable('caregivers').set(changes).where('id', '=', id).execute();
}

export async function deleteCaregiver(db: Executor, id: string) {
  await db.deleteFrom('caregivers').where('id', '=', id).execute();
}

/** Lapsed invitations of a patient, gone before counting or inviting again. */
export async function deleteLapsed(db: Executor, patientId: string, now: string) {
  await db
    .deleteFrom('caregivers')
    .where('patient_id', '=', patientId)
    .where('status', '=', 'invited')
    .where('expires_at', '<=', now)
    .execute();
}
