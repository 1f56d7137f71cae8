import type { Executor } from '../../db/schema.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { revokeSessionsOfUser } from './sessions-repo.ts';
import { updateUser } from './users-repo.ts';

/**
 * Ends the sign-ins that passed the old password and wait for a second step (the two-step module),
 * inside a new password's transaction.
 */
export type EndPendingSignIns = (trx: Executor, userId: string, now: Date) => Promise<void>;

/**
 * A new password, changed in the profile or reset by an emailed link (the recovery module is handed
 * these in app.ts): whoever knew the old one is signed out and cannot finish signing in.
 */
export function createPasswordSetting(endPendingSignIns: EndPendingSignIns) {
  /** Checks the policy and hashes (slow), before the transaction that sets it; 400 naming `field`. */
  async function prepare(password: string, field: string): Promise<string> {
    assertAcceptablePassword(password, field);
    return hashPassword(password);
  }

  /** Sets a prepared password and ends the account's sessions (all but `keep`) and pending sign-ins. */
  async function set(
    trx: Executor,
    userId: string,
    passwordHash: string,
    reason: 'password_changed' | 'password_reset',
    now: Date,
    keep?: string,
  ): Promise<void> {
    await updateUser(trx, userId, { password_hash: passwordHash, updated_at: now.toISOString() });
    await revokeSessionsOfUser(trx, userId, reason, now, keep);
    await endPendingSignIns(trx, userId, now);
  }

  return { prepare, set };
}

export type PasswordSetting = ReturnType<typeof createPasswordSetting>;
