import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationListSchema,
  conversationSchema,
  messageListSchema,
  messageSchema,
  newMessageSchema,
  openConversationSchema,
  pageQuerySchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { MessagingService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { idParams, routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('messaging', errorResponses(400, 401, 403, 404, 409, 429));

export function messagingRoutes(messaging: MessagingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/conversations',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'My conversations, most recently active first, a page at a time, with unread counts',
        { querystring: pageQuerySchema, response: { 200: conversationListSchema } },
      ),
      async (request) => messaging.list(caller(request), request.query),
    );

    app.post(
      '/conversations',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Open (or find) my conversation with a doctor or patient I share a care link or a visit with',
        {
          body: openConversationSchema,
          response: { 200: conversationSchema, 201: conversationSchema },
        },
      ),
      async (request, reply) => {
        const { conversation, created } = await messaging.open(
          caller(request),
          request.body.withUserId,
        );
        return reply.status(created ? 201 : 200).send(conversation);
      },
    );

    app.get(
      '/conversations/:id',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'One of my conversations: the other person, the last message, whether I may write',
        { params: idParams, response: { 200: conversationSchema } },
      ),
      async (request) => messaging.get(caller(request), request.params.id),
    );

    app.get(
      '/conversations/:id/messages',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Messages of one of my conversations, newest first, a page at a time',
        { params: idParams, querystring: pageQuerySchema, response: { 200: messageListSchema } },
      ),
      async (request) => messaging.messages(caller(request), request.params.id, request.query),
    );

    app.post(
      '/conversations/:id/messages',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Send a message (while we still share a care link or a visit; at most 60 a minute)',
        { params: idParams, body: newMessageSchema, response: { 201: messageSchema } },
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send(await messaging.send(caller(request), request.params.id, request.body.body)),
    );

    app.post(
      '/conversations/:id/read',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        "Mark the other person's messages in this conversation read up to now",
        { params: idParams, response: { 204: z.null() } },
      ),
      async (request, reply) => {
        await messaging.read(caller(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
