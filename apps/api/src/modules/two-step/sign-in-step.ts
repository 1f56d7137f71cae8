import {
  normalizeRecoveryCode,
  type TwoStepChallenge,
  type TwoStepSetup,
  type UserType,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { wrongCode, type CodeChecks } from './code-checks.ts';
import type { EnrolmentSteps } from './enrolment.ts';
import {
  endChallengesOf,
  findChallenge,
  findTwoStep,
  insertChallenge,
  useChallenge,
  useRecoveryCode,
} from './repo.ts';
import type { SecretBox } from './secret-box.ts';

/** A challenge lives long enough to find the phone; one for setting up, long enough to install an app. */
const SIGN_IN_CHALLENGE_MS = 5 * 60_000;
const SETUP_CHALLENGE_MS = 15 * 60_000;
/** Wrong codes one challenge takes before the password must be typed again. */
const CHALLENGE_TRIES = 3;

const WRONG_RECOVERY = 'That is not one of your unused recovery codes.';

const challengeEnded = () =>
  new AppError(
    401,
    'two_step_challenge_ended',
    'This sign-in has expired or was already finished. Please sign in again.',
  );

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

/** A new session once every step is passed; the accounts module's, lent at composition. */
export type StartSession<Session> = (
  trx: Executor,
  userId: string,
  now: Date,
  meta: RequestMeta,
) => Promise<Session>;

/** The second step of signing in: a challenge after a right password, answered by a code. */
export function createSignInStep<Session>(deps: {
  db: Db;
  clock: () => Date;
  box: SecretBox;
  codes: CodeChecks;
  steps: EnrolmentSteps;
  isRequired: (role: UserType) => boolean;
  startSession: StartSession<Session>;
}) {
  const { db, clock, box, codes, steps, isRequired, startSession } = deps;

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

  /** A code or a recovery code, checked for this person inside the sign-in's transaction. */
  async function checkAnswer(
    trx: Executor,
    userId: string,
    answer: { code: string } | { recoverycode: string },
    now: Date,
    ip: string,
  ) {
    if ('code' in answer) {
      await codes.takeCode(trx, await findTwoStep(trx, userId), answer.code, now);
      return;
    }
    const hash = box.hash(normalizeRecoveryCode(answer.recoverycode));
    if (!(await useRecoveryCode(trx, userId, hash, now))) {
      throw wrongCode('recoverycode', WRONG_RECOVERY);
    }
    await recordAudit(trx, { actorId: userId, action: 'auth.recovery_code_used', ip }, now);
  }

  return {
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

    /** The second step: a code or a recovery code for a sign-in challenge; then the session. */
    async finishSignIn(
      token: string,
      answer: { code: string } | { recoverycode: string },
      meta: RequestMeta,
    ): Promise<Session> {
      const challenge = await liveChallenge(token, 'sign_in');
      const userId = challenge.user_id;
      return codes.withCode(
        userId,
        meta.ip,
        async (trx, now) => {
          await checkAnswer(trx, userId, answer, now, meta.ip);
          await spend(trx, challenge.id, now);
          return startSession(trx, userId, now, meta);
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
      return steps.newSetup(challenge.user_id);
    },

    /** The first code turns two-step sign-in on and signs the person in, with their recovery codes. */
    async enableAtSignIn(
      token: string,
      code: string,
      meta: RequestMeta,
    ): Promise<{ session: Session; recoverycodes: string[] }> {
      const challenge = await liveChallenge(token, 'setup');
      const userId = challenge.user_id;
      return codes.withCode(
        userId,
        meta.ip,
        async (trx, now) => {
          const recoverycodes = await steps.enablePending(trx, userId, code, now, meta.ip);
          await spend(trx, challenge.id, now);
          return { session: await startSession(trx, userId, now, meta), recoverycodes };
        },
        challenge.id,
      );
    },
  };
}
