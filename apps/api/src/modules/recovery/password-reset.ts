import {
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_REQUESTED,
  type PasswordResetConfirm,
  type PasswordResetDone,
} from '@tend/shared';
import { z } from 'zod';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/ids.ts';
import { hashRandomToken } from '../../lib/random-tokens.ts';
import { userDisabledError } from '../../lib/user-disabled.ts';
import { recordAudit } from '../audit/service.ts';
import {
  confirmEmail,
  deleteExpiredTokens,
  findAccountToken,
  issueAccountToken,
  useAccountToken,
  useAllTokensOf,
} from './account-tokens-repo.ts';
import { passwordResetEmail } from './emails.ts';
import { HOUR_MS, invalidLink, type RecoveryContext } from './recovery-context.ts';

export const RESET_REQUEST_JOB = 'password-reset-request';
const RESET_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60_000;
// Per typed address (existing or not, so the limit itself reveals nothing).
const RESET_REQUESTS_PER_ADDRESS_HOUR = 5;

const resetJobPayload = z.object({ email: z.string() });

/** Forgot password: a link emailed to the address, which sets a new password once. */
export function createPasswordReset({
  db,
  jobs,
  outbox,
  counters,
  accounts,
  clock,
  admit,
  link,
}: RecoveryContext) {
  // The request only queues this job, whatever the address: the answer takes the same time either
  // way, and the lookup happens here, out of sight.
  jobs.register(RESET_REQUEST_JOB, {
    staleAfterMs: RESET_TTL_MS,
    async run(payload, job) {
      const { email } = resetJobPayload.parse(payload);
      await job.complete(async (trx) => {
        const now = clock();
        await deleteExpiredTokens(trx, new Date(now.getTime() - 24 * HOUR_MS));
        const user = await accounts.findByEmail(trx, email);
        if (!user || user.disabled_at) return;
        const token = await issueAccountToken(
          trx,
          { userId: user.id, purpose: 'password_reset', email: user.email },
          now,
          RESET_TTL_MS,
        );
        await outbox.send(trx, passwordResetEmail(user, link('reset-password', token)), {
          key: `password-reset:${job.key}`,
        });
      });
    },
  });

  return {
    async requestPasswordReset(email: string): Promise<{ message: string }> {
      await admit(`reset-request:${email.toLowerCase()}`, RESET_REQUESTS_PER_ADDRESS_HOUR);
      if (outbox.enabled) {
        await db.kysely.transaction().execute((trx) =>
          enqueueJob(trx, {
            key: `${RESET_REQUEST_JOB}:${newId()}`,
            kind: RESET_REQUEST_JOB,
            runAt: clock(),
            payload: { email },
          }),
        );
      }
      return { message: PASSWORD_RESET_REQUESTED };
    },

    /**
     * Sets the new password, ends every session of the account and every sign-in waiting for its
     * second step, and uses up its reset links.
     */
    async confirmPasswordReset(
      { token, newPassword }: PasswordResetConfirm,
      ip: string,
    ): Promise<PasswordResetDone> {
      const now = clock();
      const found = await findAccountToken(db.kysely, 'password_reset', hashRandomToken(token));
      // A link sent to an address the account no longer has opens nothing.
      if (
        !found ||
        found.used_at ||
        found.expires_at <= now.toISOString() ||
        found.email_normalized !== found.current_email
      ) {
        throw invalidLink();
      }
      if (found.disabled_at) throw userDisabledError();
      const passwordHash = await accounts.preparePassword(newPassword, 'newPassword');
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await useAccountToken(trx, found.id, now))) throw invalidLink();
        await useAllTokensOf(trx, found.user_id, 'password_reset', now);
        // An open email change may be the doing of whoever made the reset necessary.
        await useAllTokensOf(trx, found.user_id, 'email_change', now);
        await accounts.setPassword(trx, found.user_id, passwordHash, 'password_reset', now);
        // The link reached this mailbox: that confirms the address as well.
        await confirmEmail(trx, found.user_id, found.email_normalized, now);
        await recordAudit(
          trx,
          { actorId: found.user_id, action: 'account.password_changed', ip },
          now,
        );
      });
      // Whoever forgot their password has likely run into the wrong-password pause; it no longer applies.
      await counters.reset(`sign-in:${found.current_email}`);
      return {
        email: found.email,
        message: 'Your new password is set. You have been signed out everywhere else.',
      };
    },
  };
}
