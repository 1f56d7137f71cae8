import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { FailureLimiter } from '../../counters/failure-limiter.ts';
import { TooManyAttempts } from '../../lib/too-many-attempts.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById } from './users-repo.ts';

export const noSuchAccount = () => new AppError(404, 'not_found', 'There is no such account.');

/**
 * The current password, asked again before a change that needs it (a new password or email, deleting
 * the account, two-step setup): wrong ones are throttled, 5 in 15 minutes per account.
 */
export function createPasswordCheck(db: Db, counters: CounterStore) {
  const passwordFailures = new FailureLimiter(counters, 'password-check', 5, 15 * 60_000);

  /** Checks the current password against the account's row, read by the caller; throttled. */
  async function checkPassword(
    row: { id: string; password_hash: string },
    password: string,
    field: string,
  ) {
    const wait = await passwordFailures.admit(row.id);
    if (wait > 0) throw new TooManyAttempts(wait);
    if (!(await verifyPassword(row.password_hash, password))) {
      throw new AppError(400, 'incorrect_password', 'The password is not correct.', {
        [field]: 'This is not your current password.',
      });
    }
    await passwordFailures.succeeded(row.id);
  }

  async function confirmPassword(userId: string, password: string, field: string) {
    const row = await findUserById(db.kysely, userId);
    if (!row) throw noSuchAccount();
    await checkPassword(row, password, field);
  }

  return { checkPassword, confirmPassword };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
