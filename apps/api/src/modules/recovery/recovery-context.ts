import { INVALID_OR_EXPIRED_LINK } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { TooManyAttempts } from '../../lib/too-many-attempts.ts';
import type { Outbox } from '../../mail/outbox.ts';
import type { RecoveryAccounts } from './accounts-port.ts';

export const HOUR_MS = 60 * 60_000;

export const invalidLink = () =>
  new AppError(400, 'invalid_or_expired_link', INVALID_OR_EXPIRED_LINK);

export interface RecoveryOptions {
  db: Db;
  jobs: JobRunner;
  outbox: Outbox;
  counters: CounterStore;
  /** Where people reach Tend; the emailed links point here. */
  publicUrl: string;
  /** The accounts module: people by address, and setting a new password. */
  accounts: RecoveryAccounts;
  clock?: () => Date;
}

/** What each part of recovery works with: the options, and the helpers they share. */
export interface RecoveryContext extends Required<RecoveryOptions> {
  /** Counts a request against an hourly limit; a 429 past `max`. */
  admit: (key: string, max: number) => Promise<void>;
  /** An emailed link to a page of the web app, the token in its #fragment. */
  link: (page: string, token: string) => string;
}

export function recoveryContext(options: RecoveryOptions): RecoveryContext {
  const { counters, publicUrl } = options;
  return {
    ...options,
    clock: options.clock ?? (() => new Date()),
    async admit(key, max) {
      const { count, ttlMs } = await counters.hit(key, HOUR_MS);
      if (count > max) throw new TooManyAttempts(Math.max(1, ttlMs));
    },
    link: (page, token) => `${publicUrl}/${page}#${token}`,
  };
}
