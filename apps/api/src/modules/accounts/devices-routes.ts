import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, deviceSessionsSchema, pageQuerySchema } from '@tend/shared';
import { clearRefreshCookie } from './refresh-cookie.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { DevicesService } from './devices-service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('me');

/** The signed-in person's devices (live sessions). */
export function devicesRoutes(devices: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/sessions',
      route.signedIn(gate.signedIn, 'My signed-in devices (live sessions), newest first', {
        querystring: pageQuerySchema,
        response: { 200: deviceSessionsSchema, ...errorResponses(400, 401) },
      }),
      async (request) => devices.list(caller(request), request.query),
    );

    app.delete(
      '/me/sessions',
      route.signedIn(gate.signedIn, 'Sign out every device, this one included, at once', {
        response: { 204: z.null().describe('Signed out everywhere'), 401: apiErrorSchema },
      }),
      async (request, reply) => {
        await devices.endAll(caller(request), request.ip);
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/me/sessions/:id',
      route.signedIn(
        gate.signedIn,
        'Sign one of my devices out at once (404 for a session that is not mine)',
        {
          params: z.strictObject({ id: z.string().max(100) }),
          response: {
            204: z.null().describe('Signed out'),
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      ),
      async (request, reply) => {
        await devices.end(caller(request), request.params.id, request.ip);
        return reply.status(204).send(null);
      },
    );
  };
}
