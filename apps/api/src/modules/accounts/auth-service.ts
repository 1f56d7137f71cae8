import type {
  RegisterRequest,
  SessionResponse,
  SignInRequest,
  TwoStepChallenge,
  User,
  UserType,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { tooManyRequestsMessage } from '../../lib/wait-words.ts';
import { savePharmacyDetails } from '../pharmacies/service.ts';
import { recordAudit } from '../audit/service.ts';
import {
  assertAcceptablePassword,
  hashPassword,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.ts';
import { toUser } from './profile-view.ts';
import { askEveryTime, type SessionCheck } from './session-cache.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  markSessionUsed,
  revokeSession,
} from './sessions-repo.ts';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_MS,
  SESSION_MAX_MS,
  type TokenService,
} from './tokens.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  type UserRow,
} from './users-repo.ts';

export const INCORRECT_CREDENTIALS = 'Incorrect email or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export interface SignedIn {
  session: SessionResponse;
  refreshToken: string;
}

export class TooManyAttempts extends AppError {
  constructor(retryAfterMs: number) {
    super(429, 'too_many_requests', tooManyRequestsMessage(retryAfterMs), undefined, {
      retryAfterMs,
    });
  }
}

export function userDisabledError() {
  return new AppError(
    403,
    'user_disabled',
    'This account has been disabled. Please contact your clinic.',
  );
}

/** What registration emails (the recovery module): a confirmation link, or a notice to a taken address's owner. */
export interface RegistrationMail {
  registered(trx: Executor, user: UserRow, now: Date): Promise<void>;
  emailTaken(trx: Executor, owner: UserRow, now: Date): Promise<void>;
}

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

const noRegistrationMail: RegistrationMail = {
  registered: async () => {},
  emailTaken: async () => {},
};

export function createAuthService(
  db: Db,
  tokens: TokenService,
  throttle: SignInThrottle,
  sessions: SessionCheck = askEveryTime(db),
  registrationMail: RegistrationMail = noRegistrationMail,
  secondStep: SecondStepGate = async () => null,
) {
  /** The answer to sign-in and refresh alike: a fresh access token for this session. */
  async function signedIn(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    now: Date,
  ): Promise<SignedIn> {
    const accessToken = await tokens.sign(
      { userId: user.id, role: user.user_type, sessionId },
      now,
    );
    return {
      session: {
        accessToken,
        expiresIn: ACCESS_TOKEN_SECONDS,
        userType: user.user_type,
        user: toUser(user),
      },
      refreshToken,
    };
  }

  async function issueSession(
    trx: Executor,
    user: UserRow,
    now: Date,
    userAgent?: string,
  ): Promise<SignedIn> {
    const sessionId = await insertSession(trx, user.id, now, SESSION_MAX_MS, userAgent);
    const refresh = newRandomToken();
    await insertRefreshToken(trx, sessionId, refresh.hash, now, REFRESH_TOKEN_MS);
    return signedIn(user, sessionId, refresh.token, now);
  }

  return {
    async register(input: RegisterRequest & { userType: UserType }, ip: string): Promise<User> {
      assertAcceptablePassword(input.password, 'password');
      const now = new Date();
      // Hashed whether or not the address is taken, so the answer takes as long either way.
      const passwordHash = await hashPassword(input.password);
      const row = {
        id: newId(),
        email: input.email,
        email_normalized: input.email.toLowerCase(),
        password_hash: passwordHash,
        user_type: input.userType,
        firstname: input.firstname,
        lastname: input.lastname,
        dateofbirth: null,
        bloodgroup: null,
        number: null,
        address: null,
        city: null,
        state: null,
        postcode: null,
        country: null,
        specialty: null,
        years_of_experience: null,
        consultation_fee_cents: null,
        location: null,
        bio: null,
        timezone: input.timezone ?? 'UTC',
        units: 'metric' as const,
        language: input.language ?? 'en',
        medications_version: 0,
        disabled_at: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      // A taken address is answered exactly like a new one and creates nothing; its owner is told by
      // email instead (docs/decisions/016), so registration never reveals who has an account.
      const answerTaken = async (owner: UserRow) => {
        await db.kysely
          .transaction()
          .execute((trx) => registrationMail.emailTaken(trx, owner, now));
        return toUser(row);
      };
      const owner = await findUserByEmail(db.kysely, input.email);
      if (owner) return answerTaken(owner);
      try {
        await db.kysely.transaction().execute(async (trx) => {
          await insertUser(trx, row);
          if (input.pharmacy) await savePharmacyDetails(trx, row.id, input.pharmacy, now);
          await recordAudit(trx, { actorId: row.id, action: 'account.registered', ip }, now);
          await registrationMail.registered(trx, row, now);
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        const raced = isEmailTaken(error)
          ? await findUserByEmail(db.kysely, input.email)
          : undefined;
        if (raced) return answerTaken(raced);
        throw error;
      }
      return toUser(row);
    },

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
        const session = await issueSession(trx, user, now, userAgent);
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
      if (!user) throw new AppError(401, 'invalid_token', SESSION_ENDED);
      if (user.disabled_at) throw userDisabledError();
      const signedIn = await issueSession(trx, user, now, userAgent);
      await recordAudit(trx, { actorId: user.id, action: 'auth.sign_in_succeeded', ip }, now);
      return signedIn;
    },

    /** Rotates the refresh token. A token presented twice means it was stolen: the whole session ends. */
    async refresh(token: string | undefined, ip: string): Promise<SignedIn> {
      if (!token) throw new AppError(401, 'invalid_token', SESSION_ENDED);
      const now = new Date();
      const found = await findRefreshToken(db.kysely, hashRandomToken(token));
      if (!found) throw new AppError(401, 'invalid_token', SESSION_ENDED);
      const endFamily = async () => {
        await db.kysely.transaction().execute(async (trx) => {
          await revokeSession(trx, found.session_id, 'refresh_token_reused', now);
          await recordAudit(
            trx,
            { actorId: found.user_id, action: 'auth.refresh_reuse_detected', ip },
            now,
          );
        });
        return new AppError(
          401,
          'invalid_token',
          'This session was ended for your safety. Please sign in again.',
        );
      };
      if (found.used_at) throw await endFamily();
      if (
        found.revoked_at ||
        found.expires_at <= now.toISOString() ||
        found.session_expires_at <= now.toISOString()
      ) {
        throw new AppError(401, 'invalid_token', SESSION_ENDED);
      }
      if (found.disabled_at) throw userDisabledError();
      const result = await db.kysely.transaction().execute(async (trx) => {
        if (!(await markRefreshTokenUsed(trx, found.id, now))) return null;
        await markSessionUsed(trx, found.session_id, now);
        const refresh = newRandomToken();
        await insertRefreshToken(trx, found.session_id, refresh.hash, now, REFRESH_TOKEN_MS);
        return refresh.token;
      });
      if (result === null) throw await endFamily();
      const user = await findUserById(db.kysely, found.user_id);
      if (!user) throw new AppError(401, 'invalid_token', SESSION_ENDED);
      return signedIn(user, found.session_id, result, now);
    },

    async signOut(claims: AccessClaims, ip: string): Promise<void> {
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await revokeSession(trx, claims.sessionId, 'signed_out', now);
        await recordAudit(trx, { actorId: claims.userId, action: 'auth.signed_out', ip }, now);
      });
    },

    /** Every authenticated request: a valid signature is not enough, the session must still be live. */
    async authenticate(token: string): Promise<AccessClaims> {
      const now = new Date();
      const claims = tokens.verify(token, now);
      const live = await sessions.find(claims.sessionId, now);
      if (!live || live.userId !== claims.userId)
        throw new AppError(401, 'invalid_token', SESSION_ENDED);
      if (live.disabled) throw userDisabledError();
      return { userId: live.userId, role: live.role, sessionId: live.sessionId };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
