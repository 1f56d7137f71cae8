import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@tend/shared';
import type { Db } from '../../db/database.ts';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Whether Tend and its database answer',
          tags: ['health'],
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const ok = await db.ping();
        return reply
          .status(ok ? 200 : 503)
          .send({ status: ok ? 'ok' : 'degraded', database: { dialect: db.dialect, ok } });
      },
    );
  };
}
