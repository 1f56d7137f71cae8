import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { userDisabledError } from '../../lib/user-disabled.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionCheck } from './session-cache.ts';
import { sessionEnded, type SessionIssuing, type SignedIn } from './session-issuing.ts';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  markSessionUsed,
  revokeSession,
} from './sessions-repo.ts';
import { REFRESH_TOKEN_MS, type TokenService } from './tokens.ts';
import { findUserById } from './users-repo.ts';

/** A session once it exists: each request's check, its renewal by refresh token, its end. */
export function createLiveSessions(deps: {
  db: Db;
  tokens: TokenService;
  issuing: SessionIssuing;
  sessions: SessionCheck;
}) {
  const { db, tokens, issuing, sessions } = deps;
  return {
    /** Rotates the refresh token. A token presented twice means it was stolen: the whole session ends. */
    async refresh(token: string | undefined, ip: string): Promise<SignedIn> {
      if (!token) throw sessionEnded();
      const now = new Date();
      const found = await findRefreshToken(db.kysely, hashRandomToken(token));
      if (!found) throw sessionEnded();
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
        throw sessionEnded();
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
      if (!user) throw sessionEnded();
      return issuing.signedIn(user, found.session_id, result, now);
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
      if (!live || live.userId !== claims.userId) throw sessionEnded();
      if (live.disabled) throw userDisabledError();
      return { userId: live.userId, role: live.role, sessionId: live.sessionId };
    },
  };
}
