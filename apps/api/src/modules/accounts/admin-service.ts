import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { revokeSessionsOfUser } from './sessions-repo.ts';
import { findUserByEmail, updateUser } from './users-repo.ts';

/**
 * Operator actions (run from the command line by whoever hosts Tend). Disabling ends every session at
 * once; the person sees "This account has been disabled" on their next request or sign-in.
 */
export async function setAccountDisabled(db: Db, email: string, disabled: boolean): Promise<void> {
  const user = await findUserByEmail(db.kysely, email);
  if (!user) throw new AppError(404, 'not_found', `There is no account with the email ${email}.`);
  const now = new Date();
  await db.kysely.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      disabled_at: disabled ? now.toISOString() : null,
      updated_at: now.toISOString(),
    });
    if (disabled) await revokeSessionsOfUser(trx, user.id, 'account_disabled', now);
    await recordAudit(
      trx,
      {
        actorId: null,
        action: disabled ? 'account.disabled' : 'account.enabled',
        subjectId: user.id,
      },
      now,
    );
  });
}
