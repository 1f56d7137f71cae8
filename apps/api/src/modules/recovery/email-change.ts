import { EMAIL_CHANGE_LINK_HOURS, type EmailChangeDone } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashRandomToken } from '../../lib/random-tokens.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { userDisabledError } from '../../lib/user-disabled.ts';
import { recordAudit } from '../audit/service.ts';
import type { Person, RecoveryAccounts } from './accounts-port.ts';
import {
  confirmEmail,
  findAccountToken,
  issueAccountToken,
  pendingEmailChangeOf,
  useAccountToken,
  useAllTokensOf,
} from './account-tokens-repo.ts';
import {
  addressInUseEmail,
  confirmNewEmailEmail,
  emailChangeRequestedEmail,
  emailChangedEmail,
} from './email-change-emails.ts';
import { HOUR_MS, invalidLink } from './recovery-context.ts';

const LINK_TTL_MS = EMAIL_CHANGE_LINK_HOURS * HOUR_MS;

export interface EmailChangeOptions {
  db: Db;
  outbox: Outbox;
  publicUrl: string;
  /** The accounts module: who uses an address, and moving an account to a new one. */
  accounts: Pick<RecoveryAccounts, 'findByEmail' | 'changeEmail' | 'isEmailTaken'>;
  clock?: () => Date;
}

/** Said only to the holder of the link, who has shown they own the address. */
const addressTaken = () =>
  new AppError(
    409,
    'email_already_in_use',
    'Another account already uses this email address, so yours was not moved to it. Your account keeps its current address.',
  );

/**
 * Changing one's email (docs/decisions/020): asked for in the profile with the current password, it
 * takes effect only when the link sent to the new address is opened. The answer never says whether
 * the new address is taken: a taken address's owner gets a notice instead of the link, and the race
 * is settled at confirmation, where the unique index decides and the link holder hears a 409.
 */
export function createEmailChanges({
  db,
  outbox,
  publicUrl,
  accounts,
  clock = () => new Date(),
}: EmailChangeOptions) {
  return {
    /** Without email, a new address cannot be confirmed, so it cannot be taken over. */
    assertSendable(): void {
      if (!outbox.enabled) {
        throw new AppError(
          409,
          'email_not_configured',
          'This Tend does not send email, so it cannot confirm a new address. Please ask your clinic to change it.',
        );
      }
    },

    /** Inside the profile update's transaction, once the current password was checked. */
    async request(trx: Executor, person: Person, newEmail: string): Promise<void> {
      const now = clock();
      // One open change at a time: earlier links stop working.
      await useAllTokensOf(trx, person.id, 'email_change', now);
      const token = await issueAccountToken(
        trx,
        { userId: person.id, purpose: 'email_change', email: newEmail },
        now,
        LINK_TTL_MS,
      );
      const owner = await accounts.findByEmail(trx, newEmail);
      if (owner) {
        const hour = Math.floor(now.getTime() / HOUR_MS);
        await outbox.send(trx, addressInUseEmail(owner, publicUrl), {
          key: `email-change-taken:${owner.id}:${hour}`,
        });
      } else {
        const link = `${publicUrl}/confirm-email#${token}`;
        await outbox.send(trx, confirmNewEmailEmail(person, newEmail, link));
      }
      await outbox.send(trx, emailChangeRequestedEmail(person, newEmail, publicUrl));
    },

    pending: (executor: Executor, userId: string) =>
      pendingEmailChangeOf(executor, userId, clock()),

    /** A new password (changed or reset) cancels an open change: whoever asked may not be the owner. */
    async cancel(trx: Executor, userId: string, now: Date): Promise<void> {
      await useAllTokensOf(trx, userId, 'email_change', now);
    },

    async confirm(token: string, ip: string): Promise<EmailChangeDone> {
      const now = clock();
      const found = await findAccountToken(db.kysely, 'email_change', hashRandomToken(token));
      const newEmail = found?.link_email;
      if (!found || !newEmail || found.used_at || found.expires_at <= now.toISOString()) {
        throw invalidLink();
      }
      if (found.disabled_at) throw userDisabledError();
      // Two accounts confirming one address at once: the users' unique address index lets one
      // through; a clash on any other index is no "address taken" and passes on.
      try {
        await db.kysely.transaction().execute(async (trx) => {
          if (!(await useAccountToken(trx, found.id, now))) throw invalidLink();
          const owner = await accounts.findByEmail(trx, newEmail);
          if (owner && owner.id !== found.user_id) throw addressTaken();
          await accounts.changeEmail(trx, found.user_id, newEmail, now);
          // The link reached this mailbox: the new address is confirmed.
          await confirmEmail(trx, found.user_id, found.email_normalized, now);
          await recordAudit(
            trx,
            { actorId: found.user_id, action: 'account.email_changed', ip },
            now,
          );
          await outbox.send(trx, emailChangedEmail(found, newEmail));
        });
      } catch (error) {
        if (accounts.isEmailTaken(error)) throw addressTaken();
        throw error;
      }
      return {
        email: newEmail,
        message: `Your account now uses ${newEmail}. Sign in with it from now on.`,
      };
    },
  };
}

export type EmailChanges = ReturnType<typeof createEmailChanges>;
