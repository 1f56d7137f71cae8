import { normalizeRecoveryCode } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { FailureLimiter } from '../../counters/failure-limiter.ts';
import { waitWords } from '../../lib/wait-words.ts';
import { recordAudit } from '../audit/service.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import { countChallengeFailure, replaceRecoveryCodes, takeStep, type TwoStepRow } from './repo.ts';
import type { SecretBox } from './secret-box.ts';
import { stepOfCode } from './totp.ts';

export const wrongCode = (field: 'code' | 'recoverycode', message: string) =>
  new AppError(400, 'incorrect_code', message, { [field]: message });
const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
const USED_CODE = 'That code was already used. Wait for the next one in your app.';
export const notRequired = () =>
  new AppError(
    409,
    'two_step_off',
    'Two-step sign-in is not on. Set it up first from Sign-in and devices.',
  );

/** What enrolment and the sign-in step share: a code checked, wrong ones counted, recovery codes. */
export function createCodeChecks(deps: {
  db: Db;
  clock: () => Date;
  counters: CounterStore;
  box: SecretBox;
}) {
  const { db, clock, box } = deps;
  // Wrong codes per account, wherever they are typed: 5 in 15 minutes, then a pause.
  const codeFailures = new FailureLimiter(deps.counters, 'two-step', 5, 15 * 60_000);

  async function admit(userId: string) {
    const wait = await codeFailures.admit(userId);
    if (wait > 0) {
      throw new AppError(
        429,
        'too_many_requests',
        `Too many wrong codes. Please wait ${waitWords(wait)} and try again.`,
        undefined,
        { retryAfterMs: wait },
      );
    }
  }

  /**
   * Checks a code against the person's secret (their row, read once by the caller) and takes its
   * time step, so it never works again. A wrong code is counted (and audited) outside the caller's
   * transaction, which then rolls back.
   */
  async function takeCode(trx: Executor, row: TwoStepRow | undefined, code: string, now: Date) {
    if (!row) throw notRequired();
    const step = stepOfCode(box.open(row.secret_encrypted), code, now);
    if (step === null) throw wrongCode('code', WRONG_CODE);
    if (!(await takeStep(trx, row.user_id, step))) throw wrongCode('code', USED_CODE);
  }

  /**
   * Runs `work`, which checks a code, in one transaction; success clears the account's count of
   * wrong codes. A wrong code is audited and, typed for a sign-in challenge, counted against it too.
   */
  async function withCode<T>(
    userId: string,
    ip: string,
    work: (trx: Executor, now: Date) => Promise<T>,
    challengeId?: string,
  ): Promise<T> {
    await admit(userId);
    const now = clock();
    try {
      const result = await db.kysely.transaction().execute((trx) => work(trx, now));
      await codeFailures.succeeded(userId);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'incorrect_code') {
        await recordAudit(db.kysely, { actorId: userId, action: 'auth.two_step_failed', ip }, now);
        if (challengeId) await countChallengeFailure(db.kysely, challengeId);
      }
      throw error;
    }
  }

  async function issueRecoveryCodes(trx: Executor, userId: string, now: Date) {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => box.hash(normalizeRecoveryCode(code)));
    await replaceRecoveryCodes(trx, userId, hashes, now);
    return codes;
  }

  return { takeCode, withCode, issueRecoveryCodes };
}

export type CodeChecks = ReturnType<typeof createCodeChecks>;
