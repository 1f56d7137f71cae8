import type { SessionResponse } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newRandomToken } from '../../lib/random-tokens.ts';
import { toUser } from './profile-view.ts';
import { insertRefreshToken, insertSession } from './sessions-repo.ts';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_MS,
  SESSION_MAX_MS,
  type TokenService,
} from './tokens.ts';
import type { UserRow } from './users-repo.ts';

export interface SignedIn {
  session: SessionResponse;
  refreshToken: string;
}

export const sessionEnded = () =>
  new AppError(401, 'invalid_token', 'Your session has ended. Please sign in again.');

/** What sign-in and refresh both answer with: an access token, and a new session for a sign-in. */
export function createSessionIssuing(tokens: TokenService) {
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

  return { signedIn, issueSession };
}

export type SessionIssuing = ReturnType<typeof createSessionIssuing>;
