import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionCreatedSchema,
  pushUnsubscribeBodySchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { PushService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('notifications');

export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/key',
      route.signedIn(
        gate.signedIn,
        'The server’s VAPID public key, for PushManager.subscribe({ applicationServerKey })',
        { response: { 200: pushKeySchema, ...errorResponses(401) } },
      ),
      async (request) => {
        caller(request);
        return push.publicKey();
      },
    );

    app.post(
      '/push/subscriptions',
      route.signedIn(
        gate.signedIn,
        'Sends the caller’s reminders to this browser too (its PushSubscription.toJSON())',
        {
          body: pushSubscriptionBodySchema,
          response: {
            200: pushSubscriptionCreatedSchema.describe('This browser was subscribed already'),
            201: pushSubscriptionCreatedSchema.describe('Subscribed'),
            ...errorResponses(400, 401, 409),
          },
        },
      ),
      async (request, reply) => {
        const result = await push.subscribe(caller(request), request.body);
        return reply.status(result.created ? 201 : 200).send({ _id: result._id });
      },
    );

    app.delete(
      '/push/subscriptions',
      route.signedIn(gate.signedIn, 'Stops pushing to this browser', {
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null().describe('Unsubscribed'), ...errorResponses(400, 401) },
      }),
      async (request, reply) => {
        await push.unsubscribe(caller(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}
