import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signalRequestSchema, visitSchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { VisitService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('video visits', errorResponses(400, 401, 404, 409));

export function visitRoutes(visits: VisitService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/appointments/:id/visit',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Join the video visit of an accepted online appointment (10 min before start to 30 min after end)',
        { params: idParams, response: { 200: visitSchema } },
      ),
      async (request) => visits.open(caller(request), request.params.id),
    );

    app.get(
      '/visits/:roomid',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'A video visit by its room, for its two participants while it is open',
        { params: z.object({ roomid: z.string().max(64) }), response: { 200: visitSchema } },
      ),
      async (request) => visits.byRoom(caller(request), request.params.roomid),
    );

    app.post(
      '/visits/:roomid/signal',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Relay a WebRTC offer, answer, ICE candidate or bye to the other participant',
        {
          params: z.object({ roomid: z.string().max(64) }),
          body: signalRequestSchema,
          response: { 204: z.null() },
        },
      ),
      async (request, reply) => {
        await visits.signal(caller(request), request.params.roomid, request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
