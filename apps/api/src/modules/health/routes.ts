import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusSchema, healthResponseSchema } from '@tend/shared';
import type { HealthStatus } from './status.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('health');

// When the last backup was made and how big it was (npm run backup or BACKUP_DIR); null while the
// database is away.
const healthSchema = healthResponseSchema.extend({ backup: backupStatusSchema.nullable() });

export function healthRoutes(status: HealthStatus): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      route.open('Whether Tend and its database answer', {
        description:
          '503 while the database is unreachable, 200 again as soon as it answers (no restart needed). ' +
          'Over HTTP the answer may be up to a second old: the database is asked at most once a second.',
        response: { 200: healthSchema, 503: healthSchema },
      }),
      async (_request, reply) => {
        const { statusCode, body, retryAfter } = await status.check();
        if (retryAfter) reply.header('Retry-After', retryAfter);
        return reply.status(statusCode).send(body);
      },
    );
  };
}
