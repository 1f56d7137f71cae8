import {
  normalizeRecoveryCode,
  type RecoveryCodes,
  type TwoStepChallenge,
  type TwoStepRole,
  type TwoStepSetup,
  type TwoStepStatus,
  type UserType,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { FailureLimiter } from '../../lib/failure-limiter.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { waitWords } from '../../lib/wait-words.ts';
import { recordAudit } from '../audit/service.ts';
import { qrDataUrl } from './qr.ts';
import { newRecoveryCodes } from './recovery-codes.ts';
import {
  countChallengeFailure,
  countUnusedRecoveryCodes,
  endChallengesOf,
  findChallenge,
  findTwoStep,
  insertChallenge,
  markEnabled,
  removeTwoStep,
  replaceRecoveryCodes,
  savePendingSecret,
  takeStep,
  type TwoStepRow,
  useChallenge,
  useRecoveryCode,
} from './repo.ts';
import type { SecretBox } from './secret-box.ts';
import { newTotpSecret, otpauthUrl, stepOfCode } from './totp.ts';

/** A challenge lives long enough to find the phone; one for setting up, long enough to install an app. */
const SIGN_IN_CHALLENGE_MS = 5 * 60_000;
const SETUP_CHALLENGE_MS = 15 * 60_000;
/** Wrong codes one challenge takes before the password must be typed again. */
const CHALLENGE_TRIES = 3;

/** What the accounts module lends this one (its password check, a person's address, a new session). */
export interface TwoStepAccounts<Session> {
  confirmPassword(userId: string, password: string, field: string): Promise<void>;
  emailOf(userId: string): Promise<string>;
  startSession(trx: Executor, userId: string, now: Date, meta: RequestMeta): Promise<Session>;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

const challengeEnded = () =>
  new AppError(
    401,
    'two_step_challenge_ended',
    'This sign-in has expired or was already finished. Please sign in again.',
  );
const wrongCode = (field: 'code' | 'recoverycode', message: string) =>
  new AppError(400, 'incorrect_code', message, { [field]: message });
const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
const USED_CODE = 'That code was already used. Wait for the next one in your app.';
const WRONG_RECOVERY = 'That is not one of your unused recovery codes.';
const notRequired = () =>
  new AppError(
    409,
    'two_step_off',
    'Two-step sign-in is not on. Set it up first from Sign-in and devices.',
  );

export function createTwoStepService<Session>(deps: {
  db: Db;
  clock: () => Date;
  counters: CounterStore;
  box: SecretBox;
  requiredRoles: readonly TwoStepRole[];
  accounts: TwoStepAccounts<Session>;
}) {
  const { db, clock, box, accounts } = deps;
  // Wrong codes per account, wherever they are typed: 5 in 15 minutes, then a pause.
  const codeFailures = new FailureLimiter(deps.counters, 'two-step', 5, 15 * 60_000);
  const isRequired = (role: UserType) => (deps.requiredRoles as readonly string[]).includes(role);

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

  /**
   * A new pending secret. While two-step sign-in is on the enabled secret stays as it is and the
   * answer is a 409 in words: the save itself refuses (no read before it), so a setup racing an
   * /enable cannot replace the secret just turned on.
   */
  async function newSetup(userId: string): Promise<TwoStepSetup> {
    const email = await accounts.emailOf(userId);
    const secret = newTotpSecret();
    const url = otpauthUrl(secret, email);
    const now = clock();
    const saved = await db.kysely
      .transaction()
      .execute((trx) => savePendingSecret(trx, userId, box.seal(secret), now));
    if (!saved) {
      throw new AppError(
        409,
        'two_step_on',
        'Two-step sign-in is already on. Turn it off first to use another app or phone.',
      );
    }
    return { secret, otpauthurl: url, qr: await qrDataUrl(url) };
  }

  async function enablePending(trx: Executor, userId: string, code: string, now: Date, ip: string) {
    const row = await findTwoStep(trx, userId);
    if (!row) {
      throw new AppError(
        409,
        'two_step_not_set_up',
        'Start again: set up two-step sign-in to get a new QR code.',
      );
    }
    if (row.enabled_at) throw new AppError(409, 'two_step_on', 'Two-step sign-in is already on.');
    await takeCode(trx, row, code, now);
    await markEnabled(trx, userId, now);
    await recordAudit(trx, { actorId: userId, action: 'account.two_step_enabled', ip }, now);
    return issueRecoveryCodes(trx, userId, now);
  }

  /** The challenge a sign-in answers with; its token is returned once and kept only as a hash. */
  async function newChallenge(
    userId: string,
    purpose: 'sign_in' | 'setup',
    now: Date,
  ): Promise<string> {
    const { token, hash } = newRandomToken();
    const ttl = purpose === 'setup' ? SETUP_CHALLENGE_MS : SIGN_IN_CHALLENGE_MS;
    await db.kysely
      .transaction()
      .execute((trx) =>
        insertChallenge(trx, { user_id: userId, purpose, token_hash: hash }, now, ttl),
      );
    return token;
  }

  /** A challenge that may still be answered, of the purpose the route expects. */
  async function liveChallenge(token: string, purpose: 'sign_in' | 'setup') {
    const found = await findChallenge(db.kysely, hashRandomToken(token));
    const now = clock();
    if (
      !found ||
      found.purpose !== purpose ||
      found.used_at ||
      found.expires_at <= now.toISOString() ||
      found.failures >= CHALLENGE_TRIES ||
      found.disabled_at
    ) {
      throw challengeEnded();
    }
    return found;
  }

  async function spend(trx: Executor, challengeId: string, now: Date) {
    if (!(await useChallenge(trx, challengeId, now))) throw challengeEnded();
  }

  return {
    async status(userId: string, role: UserType): Promise<TwoStepStatus> {
      const row = await findTwoStep(db.kysely, userId);
      const enabled = Boolean(row?.enabled_at);
      return {
        enabled,
        required: isRequired(role),
        recoverycodesleft: enabled ? await countUnusedRecoveryCodes(db.kysely, userId) : 0,
      };
    },

    /**
     * The sign-in hook, after a right password: a challenge when the person has two-step sign-in on
     * (or must set it up first), else null and sign-in goes on as before.
     */
    async gate(userId: string, role: UserType): Promise<TwoStepChallenge | null> {
      const row = await findTwoStep(db.kysely, userId);
      const now = clock();
      if (row?.enabled_at) {
        return { twostep: 'required', challenge: await newChallenge(userId, 'sign_in', now) };
      }
      if (!isRequired(role)) return null;
      return { twostep: 'setup_required', challenge: await newChallenge(userId, 'setup', now) };
    },

    async setup(userId: string, password: string): Promise<TwoStepSetup> {
      await accounts.confirmPassword(userId, password, 'password');
      return newSetup(userId);
    },

    async enable(userId: string, code: string, ip: string): Promise<RecoveryCodes> {
      const recoverycodes = await withCode(userId, ip, (trx, now) =>
        enablePending(trx, userId, code, now, ip),
      );
      return { recoverycodes };
    },

    async disable(userId: string, role: UserType, password: string, code: string, ip: string) {
      if (isRequired(role)) {
        throw new AppError(
          403,
          'two_step_required',
          'Your clinic requires two-step sign-in for your account, so it cannot be turned off.',
        );
      }
      await accounts.confirmPassword(userId, password, 'password');
      await withCode(userId, ip, async (trx, now) => {
        await takeCode(trx, await findTwoStep(trx, userId), code, now);
        await removeTwoStep(trx, userId);
        await recordAudit(trx, { actorId: userId, action: 'account.two_step_disabled', ip }, now);
      });
    },

    async renewRecoveryCodes(userId: string, code: string, ip: string): Promise<RecoveryCodes> {
      const recoverycodes = await withCode(userId, ip, async (trx, now) => {
        const row = await findTwoStep(trx, userId);
        if (!row?.enabled_at) throw notRequired();
        await takeCode(trx, row, code, now);
        await recordAudit(
          trx,
          { actorId: userId, action: 'account.recovery_codes_renewed', ip },
          now,
        );
        return issueRecoveryCodes(trx, userId, now);
      });
      return { recoverycodes };
    },

    /** The second step: a code or a recovery code for a sign-in challenge; then the session. */
    async finishSignIn(
      token: string,
      answer: { code: string } | { recoverycode: string },
      meta: RequestMeta,
    ): Promise<Session> {
      const challenge = await liveChallenge(token, 'sign_in');
      const userId = challenge.user_id;
      return withCode(
        userId,
        meta.ip,
        async (trx, now) => {
          if ('code' in answer) {
            await takeCode(trx, await findTwoStep(trx, userId), answer.code, now);
          } else {
            const hash = box.hash(normalizeRecoveryCode(answer.recoverycode));
            if (!(await useRecoveryCode(trx, userId, hash, now))) {
              throw wrongCode('recoverycode', WRONG_RECOVERY);
            }
            await recordAudit(
              trx,
              { actorId: userId, action: 'auth.recovery_code_used', ip: meta.ip },
              now,
            );
          }
          await spend(trx, challenge.id, now);
          return accounts.startSession(trx, userId, now, meta);
        },
        challenge.id,
      );
    },

    /**
     * A new password (changed or reset), in its transaction: sign-ins that got past the old one and
     * wait for a code, or for setting up, end with it.
     */
    endPendingSignIns: (trx: Executor, userId: string, now: Date) =>
      endChallengesOf(trx, userId, now),

    /** Setting up while signing in (required by the clinic): a QR code for the setup challenge. */
    async setupAtSignIn(token: string): Promise<TwoStepSetup> {
      const challenge = await liveChallenge(token, 'setup');
      return newSetup(challenge.user_id);
    },

    /** The first code turns two-step sign-in on and signs the person in, with their recovery codes. */
    async enableAtSignIn(
      token: string,
      code: string,
      meta: RequestMeta,
    ): Promise<{ session: Session; recoverycodes: string[] }> {
      const challenge = await liveChallenge(token, 'setup');
      const userId = challenge.user_id;
      return withCode(
        userId,
        meta.ip,
        async (trx, now) => {
          const recoverycodes = await enablePending(trx, userId, code, now, meta.ip);
          await spend(trx, challenge.id, now);
          return { session: await accounts.startSession(trx, userId, now, meta), recoverycodes };
        },
        challenge.id,
      );
    },
  };
}

export type TwoStepService<Session> = ReturnType<typeof createTwoStepService<Session>>;
