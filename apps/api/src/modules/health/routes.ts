import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';

export const HEALTHY = 'Tend and its database are working.';
export const DATABASE_DOWN =
  'Tend is running but cannot reach its database. Requests that need it are answered 503 until it is back; Tend reconnects by itself.';

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
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const ok = await db.ping();
        if (!ok) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { dialect: db.dialect, ok },
          message: ok ? HEALTHY : DATABASE_DOWN,
        });
      },
    );
  };
}
