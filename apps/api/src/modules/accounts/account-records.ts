import type { Language } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { newUserRow } from './registration.ts';
import {
  emailOf,
  findUserByEmail,
  insertUser,
  isDependent,
  isEmailTaken,
  updateUser,
} from './users-repo.ts';

/** What a dependent's record starts with (the caregivers module asks, docs/decisions/051). */
export interface DependentFields {
  firstname: string;
  lastname: string;
  dateofbirth: string;
  timezone: string;
  language: Language;
}

/**
 * What other modules may read and change of the account rows, through accounts (the recovery
 * module is handed it in app.ts): people by address, and an address moved after its link was opened.
 */
export const accountRecords = {
  findByEmail: (executor: Executor, email: string) => findUserByEmail(executor, email),
  addressOf: (executor: Executor, userId: string) => emailOf(executor, userId),
  /** The address as typed, compared in lower case as everywhere (users' unique index). */
  async changeEmail(trx: Executor, userId: string, email: string, now: Date): Promise<void> {
    await updateUser(trx, userId, {
      email,
      email_normalized: email.toLowerCase(),
      updated_at: now.toISOString(),
    });
  },
  isEmailTaken,

  /**
   * A patient record without a sign-in: an address under `.invalid` that nobody receives (the outbox
   * never queues mail to it) and no password (no hash verifies against an empty one). Its id.
   */
  async addDependent(trx: Executor, fields: DependentFields, now: Date): Promise<string> {
    const id = newId();
    const email = `dependent-${id}@tend.invalid`;
    const row = newUserRow({ ...fields, email, password: '', userType: 'patient' }, '', now);
    await insertUser(trx, { ...row, id, dateofbirth: fields.dateofbirth, dependent: true });
    return id;
  },

  /**
   * A dependent's own sign-in, from their invitation's link: their address and a prepared password;
   * from then on the record is a patient account like any other.
   */
  async handOwnSignIn(
    trx: Executor,
    userId: string,
    sign: { email: string; passwordHash: string },
    now: Date,
  ): Promise<void> {
    await updateUser(trx, userId, {
      email: sign.email,
      email_normalized: sign.email.toLowerCase(),
      password_hash: sign.passwordHash,
      dependent: false,
      updated_at: now.toISOString(),
    });
  },

  /** Whether this record is a dependent's, still without a sign-in of its own. */
  isDependent: (executor: Executor, userId: string) => isDependent(executor, userId),
};
