import { EMAIL_CONFIRMATION_LINK_DAYS, type EmailStatus } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashRandomToken } from '../../lib/random-tokens.ts';
import type { Person } from './accounts-port.ts';
import {
  confirmEmail,
  confirmedEmailOf,
  findAccountToken,
  issueAccountToken,
  useAccountToken,
} from './account-tokens-repo.ts';
import { confirmEmailEmail, emailTakenEmail } from './emails.ts';
import { HOUR_MS, invalidLink, type RecoveryContext } from './recovery-context.ts';

const CONFIRM_TTL_MS = EMAIL_CONFIRMATION_LINK_DAYS * 24 * HOUR_MS;
const CONFIRMATIONS_PER_ACCOUNT_HOUR = 3;

/** Whether a person's current address is confirmed (reminder emails go only to confirmed ones). */
export async function isEmailConfirmed(
  db: Executor,
  userId: string,
  currentEmailNormalized: string,
): Promise<boolean> {
  const confirmed = await confirmedEmailOf(db, userId);
  return confirmed?.email_normalized === currentEmailNormalized;
}

/** A person's address confirmed by an emailed link, and what registration emails. */
export function createAddressConfirmation({
  db,
  outbox,
  accounts,
  publicUrl,
  clock,
  admit,
  link,
}: RecoveryContext) {
  async function addressOf(userId: string) {
    const found = await accounts.addressOf(db.kysely, userId);
    if (!found) throw new AppError(404, 'not_found', 'There is no such account.');
    return found;
  }

  async function sendConfirmation(trx: Executor, person: Person, now: Date) {
    if (!outbox.enabled) return;
    const token = await issueAccountToken(
      trx,
      { userId: person.id, purpose: 'email_verification', email: person.email },
      now,
      CONFIRM_TTL_MS,
    );
    await outbox.send(trx, confirmEmailEmail(person, link('verify-email', token)));
  }

  return {
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
