import {
  EMAIL_CONFIRMATION_LINK_DAYS,
  INVALID_OR_EXPIRED_LINK,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_REQUESTED,
  type EmailStatus,
  type Language,
  type PasswordResetConfirm,
  type PasswordResetDone,
} from '@tend/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { newId } from '../../lib/ids.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { TooManyAttempts, userDisabledError } from '../accounts/auth-service.ts';
import type { EndPendingSignIns } from '../accounts/me-service.ts';
import { assertAcceptablePassword, hashPassword } from '../accounts/passwords.ts';
import { revokeSessionsOfUser } from '../accounts/sessions-repo.ts';
import { emailOf, findUserByEmail, updateUser } from '../accounts/users-repo.ts';
import { recordAudit } from '../audit/service.ts';
import {
  confirmEmail,
  confirmedEmailOf,
  deleteExpiredTokens,
  findAccountToken,
  insertAccountToken,
  useAccountToken,
  useAllTokensOf,
} from './account-tokens-repo.ts';
import { confirmEmailEmail, emailTakenEmail, passwordResetEmail } from './emails.ts';

export const RESET_REQUEST_JOB = 'password-reset-request';
const RESET_TTL_MS = PASSWORD_RESET_LINK_MINUTES * 60_000;
const CONFIRM_TTL_MS = EMAIL_CONFIRMATION_LINK_DAYS * 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
// Per typed address (existing or not, so the limit itself reveals nothing) and per account.
const RESET_REQUESTS_PER_ADDRESS_HOUR = 5;
const CONFIRMATIONS_PER_ACCOUNT_HOUR = 3;

const resetJobPayload = z.object({ email: z.string() });

const invalidLink = () => new AppError(400, 'invalid_or_expired_link', INVALID_OR_EXPIRED_LINK);

export interface RecoveryOptions {
  db: Db;
  jobs: JobRunner;
  outbox: Outbox;
  counters: CounterStore;
  /** Where people reach Tend; the emailed links point here. */
  publicUrl: string;
  /** A reset ends sign-ins waiting for a second step too (the two-step module). */
  endPendingSignIns: EndPendingSignIns;
  clock?: () => Date;
}

interface Person {
  id: string;
  email: string;
  firstname: string;
  language: Language;
}

/**
 * Forgot password, address confirmation, and what registration with a taken address sends (issue 13,
 * docs/decisions/016). Tokens go in the link's #fragment, so they never reach a server log or a Referer.
 */
export function createRecovery({
  db,
  jobs,
  outbox,
  counters,
  publicUrl,
  endPendingSignIns,
  clock = () => new Date(),
}: RecoveryOptions) {
  const link = (page: string, token: string) => `${publicUrl}/${page}#${token}`;

  async function admit(key: string, max: number) {
    const { count, ttlMs } = await counters.hit(key, HOUR_MS);
    if (count > max) throw new TooManyAttempts(Math.max(1, ttlMs));
  }

  async function addressOf(userId: string) {
    const found = await emailOf(db.kysely, userId);
    if (!found) throw new AppError(404, 'not_found', 'There is no such account.');
    return found;
  }

  async function sendConfirmation(trx: Executor, person: Person, now: Date) {
    if (!outbox.enabled) return;
    const { token, hash } = newRandomToken();
    await insertAccountToken(
      trx,
      { userId: person.id, purpose: 'email_verification', hash, email: person.email },
      now,
      CONFIRM_TTL_MS,
    );
    await outbox.send(trx, confirmEmailEmail(person, link('verify-email', token)));
  }

  // The request only queues this job, whatever the address: the answer takes the same time either
  // way, and the lookup happens here, out of sight.
  jobs.register(RESET_REQUEST_JOB, {
    staleAfterMs: RESET_TTL_MS,
    async run(payload, job) {
      const { email } = resetJobPayload.parse(payload);
      await job.complete(async (trx) => {
        const now = clock();
        await deleteExpiredTokens(trx, new Date(now.getTime() - 24 * HOUR_MS));
        const user = await findUserByEmail(trx, email);
        if (!user || user.disabled_at) return;
        const { token, hash } = newRandomToken();
        await insertAccountToken(
          trx,
          { userId: user.id, purpose: 'password_reset', hash, email: user.email },
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
      assertAcceptablePassword(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await useAccountToken(trx, found.id, now))) throw invalidLink();
        await useAllTokensOf(trx, found.user_id, 'password_reset', now);
        // An open email change may be the doing of whoever made the reset necessary.
        await useAllTokensOf(trx, found.user_id, 'email_change', now);
        await updateUser(trx, found.user_id, {
          password_hash: passwordHash,
          updated_at: now.toISOString(),
        });
        await revokeSessionsOfUser(trx, found.user_id, 'password_reset', now);
        await endPendingSignIns(trx, found.user_id, now);
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

    async verifyEmail(token: string): Promise<{ email: string }> {
      const now = clock();
      const found = await findAccountToken(db.kysely, 'email_verification', hashRandomToken(token));
      if (!found || found.email_normalized !== found.current_email) throw invalidLink();
      if (found.used_at) {
        // A second click on the link that already confirmed this address: still confirmed, say so.
        const confirmed = await confirmedEmailOf(db.kysely, found.user_id);
        if (confirmed?.email_normalized === found.current_email) return { email: found.email };
        throw invalidLink();
      }
      if (found.expires_at <= now.toISOString()) throw invalidLink();
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await useAccountToken(trx, found.id, now))) return;
        await confirmEmail(trx, found.user_id, found.email_normalized, now);
      });
      return { email: found.email };
    },

    async emailStatus(userId: string): Promise<EmailStatus> {
      const user = await addressOf(userId);
      return {
        email: user.email,
        confirmed: await isEmailConfirmed(db.kysely, userId, user.email_normalized),
        sendable: outbox.enabled,
      };
    },

    async resendConfirmation(userId: string): Promise<{ message: string }> {
      const user = await addressOf(userId);
      if (await isEmailConfirmed(db.kysely, userId, user.email_normalized)) {
        throw new AppError(409, 'already_confirmed', 'Your email address is already confirmed.');
      }
      if (!outbox.enabled) {
        throw new AppError(
          409,
          'email_not_configured',
          'This Tend does not send email, so it cannot confirm addresses. Please tell your clinic.',
        );
      }
      await admit(`confirm-resend:${userId}`, CONFIRMATIONS_PER_ACCOUNT_HOUR);
      await db.kysely
        .transaction()
        .execute((trx) => sendConfirmation(trx, { ...user, id: userId }, clock()));
      return { message: `We have sent a new confirmation link to ${user.email}.` };
    },

    /** Registration of a new account: the confirmation email goes out with it (same transaction). */
    sendConfirmation,

    /**
     * Registration with an address already in use: nothing is created; the owner hears of it, at most
     * once an hour (the outbox key), so repeated attempts cannot flood their mailbox.
     */
    async noticeEmailTaken(trx: Executor, owner: Person, now: Date): Promise<void> {
      const hour = Math.floor(now.getTime() / HOUR_MS);
      await outbox.send(trx, emailTakenEmail(owner, publicUrl), {
        key: `register-taken:${owner.id}:${hour}`,
      });
    },

    isEmailConfirmed,
  };
}

/** Whether a person's current address is confirmed (reminder emails go only to confirmed ones). */
export async function isEmailConfirmed(
  db: Executor,
  userId: string,
  currentEmailNormalized: string,
): Promise<boolean> {
  const confirmed = await confirmedEmailOf(db, userId);
  return confirmed?.email_normalized === currentEmailNormalized;
}

export type Recovery = ReturnType<typeof createRecovery>;
