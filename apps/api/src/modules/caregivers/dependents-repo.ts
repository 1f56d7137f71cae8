import type { Insertable } from 'kysely';
import type { DependentInvitationsTable, Executor } from '../../db/schema.ts';

/** A dependent's open invitation to a sign-in of their own, by its emailed link's secret. */
export function findDependentInvitation(db: Executor, id: string, tokenHash: string) {
  return db
    .selectFrom('dependent_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A new invitation replaces the dependent's open one: only the latest link works. */
export async function replaceDependentInvitation(
  db: Executor,
  row: Insertable<DependentInvitationsTable>,
) {
  await db
    .deleteFrom('dependent_invitations')
    .where('dependent_id', '=', row.dependent_id)
    .execute();
  await db.insertInto('dependent_invitations').values(row).execute();
}

export async function deleteDependentInvitation(db: Executor, dependentId: string) {
  await db.deleteFrom('dependent_invitations').where('dependent_id', '=', dependentId).execute();
}

/** How many dependents this account made that have no sign-in of their own yet, for the cap. */
export async function countDependentsOf(db: Executor, caregiverId: string) {
  const row = await db
    .selectFrom('caregivers')
    .innerJoin('users', 'users.id', 'caregivers.patient_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('caregivers.caregiver_id', '=', caregiverId)
    .where('users.dependent', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
