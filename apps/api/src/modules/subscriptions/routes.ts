import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  subscriptionRequestSchema,
  subscriptionResponseSchema,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { subscribe } from './service.ts';

export function subscriptionRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/subscriptions',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: {
          summary: 'Subscribe an email address to Tend news (the landing page footer form)',
          tags: ['subscriptions'],
          body: subscriptionRequestSchema,
          response: {
            200: subscriptionResponseSchema.describe('Already subscribed; nothing changed'),
            201: subscriptionResponseSchema.describe('Subscribed'),
            400: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await subscribe(db, request.body.email);
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );
  };
}
