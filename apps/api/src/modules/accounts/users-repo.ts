import type { Selectable, Updateable } from 'kysely';
import type { Executor, UsersTable } from '../../db/schema.ts';
import { violates, type UniqueViolation } from '../../lib/unique-violation.ts';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A person's address (as typed and as compared) and the name emails greet them by: all that the
 * two-step setup, the address status and a new confirmation link need of the account.
 */
export function emailOf(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['email', 'email_normalized', 'firstname', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  row: Omit<UserRow, 'timezone' | 'units' | 'language'> &
    Partial<Pick<UserRow, 'timezone' | 'units' | 'language'>>,
) {
  await db.insertInto('users').values(row).execute();
}

/** Whether this record is a dependent's, still without a sign-in of its own (migration 0027). */
export async function isDependent(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('dependent')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined && Boolean(row.dependent);
}

export async function updateUser(db: Executor, id: string, changes: Updateable<UsersTable>) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function hasAvatar(db: Executor, userId: string) {
  return db
    .selectFrom('avatars')
    .select('updated_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findAvatar(db: Executor, userId: string) {
  return db.selectFrom('avatars').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertAvatar(
  db: Executor,
  userId: string,
  contentType: string,
  data: Uint8Array,
  now: Date,
) {
  await db
    .insertInto('avatars')
    .values({ user_id: userId, content_type: contentType, data, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ content_type: contentType, data, updated_at: now.toISOString() }),
    )
    .execute();
}

export async function deleteAvatar(db: Executor, userId: string) {
  await db.deleteFrom('avatars').where('user_id', '=', userId).execute();
}

/** The users' unique address index: it alone decides two accounts racing for one address. */
export const USERS_EMAIL_INDEX: UniqueViolation = { table: 'users', columns: ['email_normalized'] };

/** Whether a write failed because another account has the address (the unique index decides races). */
export function isEmailTaken(error: unknown): boolean {
  return violates(error, USERS_EMAIL_INDEX);
}
