import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { forgetAuditTrailOf, recordAudit } from '../audit/service.ts';
import type { PasswordCheck } from './password-check.ts';
import type { PasswordSetting } from './password-setting.ts';
import type { EmailChangePort } from './profile-service.ts';
import { revokeSessionsOfUser } from './sessions-repo.ts';
import { deleteUser } from './users-repo.ts';

/** Removes a person's stored files (reports) inside the account deletion's transaction; from the reports module. */
export type ForgetFilesOf = (trx: Executor, userId: string) => Promise<void>;

/** What asks for the current password: confirming it, changing it, deleting the account. */
export function createSecurityService(deps: {
  db: Db;
  passwordCheck: PasswordCheck;
  passwordSetting: PasswordSetting;
  emailChanges: Pick<EmailChangePort, 'cancel'>;
  forgetFilesOf: ForgetFilesOf;
}) {
  const { db, passwordCheck, passwordSetting, emailChanges, forgetFilesOf } = deps;
  return {
    /** The current password, checked and throttled as here (two-step setup asks for it too). */
    async confirmPassword(userId: string, password: string, field: string): Promise<void> {
      await passwordCheck.confirmPassword(userId, password, field);
    },

    /**
     * Other sessions end at once, and sign-ins waiting for a second step: whoever else knew the old
     * password is signed out and cannot finish signing in.
     */
    async changePassword(
      claims: AccessClaims,
      oldPassword: string,
      newPassword: string,
      ip: string,
    ) {
      await passwordCheck.confirmPassword(claims.userId, oldPassword, 'oldPassword');
      const passwordHash = await passwordSetting.prepare(newPassword, 'newPassword');
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await passwordSetting.set(
          trx,
          claims.userId,
          passwordHash,
          'password_changed',
          now,
          claims.sessionId,
        );
        await emailChanges.cancel(trx, claims.userId, now);
        await recordAudit(
          trx,
          { actorId: claims.userId, action: 'account.password_changed', ip },
          now,
        );
      });
    },

    /** Removes the account and everything recorded about it; only the fact of the deletion remains. */
    async deleteAccount(claims: AccessClaims, password: string, ip: string) {
      await passwordCheck.confirmPassword(claims.userId, password, 'password');
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await forgetFilesOf(trx, claims.userId);
        // Ended first, so every instance's session cache forgets them (the rows then go by cascade).
        await revokeSessionsOfUser(trx, claims.userId, 'account_deleted', now);
        await deleteUser(trx, claims.userId); // sessions, tokens and picture go with it (cascade)
        // Last, as every transaction records its audit events last: the chain's head is locked
        // after the rows other transactions lock first, never before them (docs/decisions/045).
        await forgetAuditTrailOf(trx, claims.userId, now);
        await recordAudit(trx, { actorId: claims.userId, action: 'account.deleted', ip }, now);
      });
    },
  };
}
