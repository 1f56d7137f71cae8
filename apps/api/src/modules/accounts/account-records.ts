import type { Executor } from '../../db/schema.ts';
import { emailOf, findUserByEmail, isEmailTaken, updateUser } from './users-repo.ts';

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
};
