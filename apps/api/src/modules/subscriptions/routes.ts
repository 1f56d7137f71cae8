import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  subscriptionRequestSchema,
  subscriptionResponseSchema,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { subscribe } from './service.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('subscriptions');

export function subscriptionRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/subscriptions',
      route.open(
        'Subscribe an email address to Tend news (the landing page footer form)',
        {
          body: subscriptionRequestSchema,
          description:
            'The same 202 and body whether or not the address was already subscribed, so the answer reveals no one.',
          response: {
            202: subscriptionResponseSchema.describe('On the list'),
            400: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
        { rateLimit: { max: 10, timeWindow: '1 hour' } },
      ),
      async (request, reply) => {
        return reply.status(202).send(await subscribe(db, request.body.email));
      },
    );
  };
}
