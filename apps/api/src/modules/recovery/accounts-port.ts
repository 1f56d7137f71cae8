import type { Language } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';

/** The name, address and language an email to a person uses. */
export interface Person {
  id: string;
  email: string;
  firstname: string;
  language: Language;
}

/**
 * What recovery asks of the accounts module, whose rows these are (handed in at composition,
 * app.ts): it looks people up by address, and sets a new password or address for an opened link.
 */
export interface RecoveryAccounts {
  /** The account using this address (in any letter case), if one does. */
  findByEmail(
    executor: Executor,
    email: string,
  ): Promise<(Person & { disabled_at: string | null }) | undefined>;
  /** A person's address (as typed and as compared) and the name and language emails use. */
  addressOf(
    executor: Executor,
    userId: string,
  ): Promise<
    { email: string; email_normalized: string; firstname: string; language: Language } | undefined
  >;
  /** Checks a new password against the policy and hashes it, before the transaction that sets it. */
  preparePassword(password: string, field: string): Promise<string>;
  /** Sets a prepared password, ending every session of the account and every pending sign-in. */
  setPassword(
    trx: Executor,
    userId: string,
    prepared: string,
    reason: 'password_reset',
    now: Date,
  ): Promise<void>;
  /** Moves the account to a new address, as typed. */
  changeEmail(trx: Executor, userId: string, email: string, now: Date): Promise<void>;
  /** Whether a write failed because another account has the address (its unique index decides). */
  isEmailTaken(error: unknown): boolean;
}
