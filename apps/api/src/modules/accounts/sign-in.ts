import type { SignInRequest, TwoStepChallenge, UserType } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { TooManyAttempts } from '../../lib/too-many-attempts.ts';
import { userDisabledError } from '../../lib/user-disabled.ts';
import { recordAudit } from '../audit/service.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { sessionEnded, type SessionIssuing, type SignedIn } from './session-issuing.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { findUserByEmail, findUserById } from './users-repo.ts';

const INCORRECT_CREDENTIALS = 'Incorrect email or password.';

/**
 * The second step (modules/two-step), asked after a right password: a challenge to answer before
 * any session exists, or null to sign in at once.
 */
export type SecondStepGate = (userId: string, role: UserType) => Promise<TwoStepChallenge | null>;

/** Where a sign-in came from, for the device list. */
export interface SignInMeta {
  ip: string;
  userAgent?: string | undefined;
}

/** Signing in: the password (throttled), then the second step or a session at once. */
export function createSignIn(deps: {
  db: Db;
  throttle: SignInThrottle;
  issuing: SessionIssuing;
  secondStep: SecondStepGate;
}) {
  const { db, throttle, issuing, secondStep } = deps;
  return {
    /**
     * A session, or (two-step sign-in) the challenge to answer first (see SecondStepGate); either way
     * with the device cookie this browser carries next (sign-in-throttle.ts): the right password
     * earns the device its own allowance of wrong passwords, whatever step follows.
     */
    async signIn(
      { email, password }: SignInRequest,
      { ip, userAgent, deviceCookie }: SignInMeta & { deviceCookie?: string | undefined },
    ): Promise<(SignedIn | TwoStepChallenge) & { deviceCookie: string }> {
      const user = await findUserByEmail(db.kysely, email);
      // A device cookie vouches only under the password it was earned with (device-cookies.ts).
      const attempt = await throttle.admit(email, deviceCookie, user?.password_hash ?? '');
      if (attempt.waitMs > 0) throw new TooManyAttempts(attempt.waitMs);
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : await verifyAgainstNothing(password);
      if (!user || !ok) {
        await recordAudit(db.kysely, {
          actorId: user?.id ?? null,
          action: 'auth.sign_in_failed',
          ip,
        });
        throw new AppError(401, 'invalid_credentials', INCORRECT_CREDENTIALS);
      }
      if (user.disabled_at) throw userDisabledError();
      const nextDeviceCookie = await attempt.succeeded();
      const challenge = await secondStep(user.id, user.user_type);
      if (challenge) return { ...challenge, deviceCookie: nextDeviceCookie };
      const now = new Date();
      const signedIn = await db.kysely.transaction().execute(async (trx) => {
        const session = await issuing.issueSession(trx, user, now, userAgent);
        await recordAudit(trx, { actorId: user.id, action: 'auth.sign_in_succeeded', ip }, now);
        return session;
      });
      return { ...signedIn, deviceCookie: nextDeviceCookie };
    },

    /** A session for someone who passed every step (the two-step module), in its transaction. */
    async startSession(
      trx: Executor,
      userId: string,
      now: Date,
      { ip, userAgent }: SignInMeta,
    ): Promise<SignedIn> {
      const user = await findUserById(trx, userId);
      if (!user) throw sessionEnded();
      if (user.disabled_at) throw userDisabledError();
      const signedIn = await issuing.issueSession(trx, user, now, userAgent);
      await recordAudit(trx, { actorId: user.id, action: 'auth.sign_in_succeeded', ip }, now);
      return signedIn;
    },
  };
}
