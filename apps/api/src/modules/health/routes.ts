import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusSchema, healthResponseSchema } from '@tend/shared';
import { latestBackup } from '../../backup/backups-repo.ts';
import type { Db } from '../../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';

export const HEALTHY = 'Tend and its database are working.';
export const DATABASE_DOWN =
  'Tend is running but cannot reach its database. Requests that need it are answered 503 until it is back; Tend reconnects by itself.';

// When the last backup was made and how big it was (npm run backup or BACKUP_DIR); null while the
// database is away.
const healthSchema = healthResponseSchema.extend({ backup: backupStatusSchema.nullable() });

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Whether Tend and its database answer',
          description:
            '503 while the database is unreachable, 200 again as soon as it answers (no restart needed).',
          tags: ['health'],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const ok = await db.ping();
        if (!ok) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        // The database answered the ping; should it go away just now, health still answers.
        const last = ok ? await latestBackup(db.kysely).catch(() => null) : null;
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { dialect: db.dialect, ok },
          message: ok ? HEALTHY : DATABASE_DOWN,
          backup: ok ? { lastat: last?.finished_at ?? null, lastsize: last?.size ?? null } : null,
        });
      },
    );
  };
}
