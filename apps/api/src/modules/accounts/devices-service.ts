import type { DeviceSessions, PageRequest } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { describeDevice } from './device-description.ts';
import { findLiveSessionOf, listLiveSessions } from './devices-repo.ts';
import { revokeSession, revokeSessionsOfUser } from './sessions-repo.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';

/** "Sign-in and devices": the caller's live sessions, and ending any one of them at once. */
export function createDevicesService(db: Db) {
  return {
    async list(claims: AccessClaims, page: PageRequest): Promise<DeviceSessions> {
      const { rows, nextCursor } = await listLiveSessions(
        db.kysely,
        claims.userId,
        new Date(),
        page,
      );
      return {
        sessions: rows.map((row) => ({
          _id: row.id,
          createdAt: row.created_at,
          lastusedat: row.last_used_at ?? row.created_at,
          device: describeDevice(row.user_agent),
          current: row.id === claims.sessionId,
        })),
        nextCursor,
      };
    },

    /** Ends one of the caller's sessions; revokeSession tells every instance's session check. */
    async end(claims: AccessClaims, sessionId: string, ip: string): Promise<void> {
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        if (!(await findLiveSessionOf(trx, claims.userId, sessionId, now))) {
          throw new AppError(404, 'not_found', 'That device is not signed in to your account.');
        }
        await revokeSession(trx, sessionId, 'ended_from_device_list', now);
        await recordAudit(
          trx,
          { actorId: claims.userId, action: 'account.session_ended', ip },
          now,
        );
      });
    },

    /**
     * Signs every device out, this one included (a lost phone, a shared computer): every session
     * ends at once on every instance, and open live streams with them (session-revocations.ts).
     */
    async endAll(claims: AccessClaims, ip: string): Promise<void> {
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await revokeSessionsOfUser(trx, claims.userId, 'signed_out_everywhere', now);
        await recordAudit(
          trx,
          { actorId: claims.userId, action: 'auth.signed_out_everywhere', ip },
          now,
        );
      });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
