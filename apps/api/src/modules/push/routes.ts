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

const security = [{ bearer: [] }];
const tags = ['notifications'];

export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/key',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary:
            'The server’s VAPID public key, for PushManager.subscribe({ applicationServerKey })',
          tags,
          security,
          response: { 200: pushKeySchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        caller(request);
        return push.publicKey();
      },
    );

    app.post(
      '/push/subscriptions',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary:
            'Sends the caller’s reminders to this browser too (its PushSubscription.toJSON())',
          tags,
          security,
          body: pushSubscriptionBodySchema,
          response: {
            200: pushSubscriptionCreatedSchema.describe('This browser was subscribed already'),
            201: pushSubscriptionCreatedSchema.describe('Subscribed'),
            ...errorResponses(400, 401, 409),
          },
        },
      },
      async (request, reply) => {
        const result = await push.subscribe(caller(request), request.body);
        return reply.status(result.created ? 201 : 200).send({ _id: result._id });
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        config: { gate: gate.signedIn },
        schema: {
          summary: 'Stops pushing to this browser',
          tags,
          security,
          body: pushUnsubscribeBodySchema,
          response: { 204: z.null().describe('Unsubscribed'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        await push.unsubscribe(caller(request), request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}
