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

const security = [{ bearer: [] }];
const tags = ['messaging'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const idParams = z.object({ id: z.string().max(64) });

export function messagingRoutes(messaging: MessagingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/conversations',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary:
            'My conversations, most recently active first, a page at a time, with unread counts',
          tags,
          security,
          querystring: pageQuerySchema,
          response: { 200: conversationListSchema, ...errors },
        },
      },
      async (request) => messaging.list(caller(request), request.query),
    );

    app.post(
      '/conversations',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary:
            'Open (or find) my conversation with a doctor or patient I share a care link or a visit with',
          tags,
          security,
          body: openConversationSchema,
          response: { 200: conversationSchema, 201: conversationSchema, ...errors },
        },
      },
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
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary:
            'One of my conversations: the other person, the last message, whether I may write',
          tags,
          security,
          params: idParams,
          response: { 200: conversationSchema, ...errors },
        },
      },
      async (request) => messaging.get(caller(request), request.params.id),
    );

    app.get(
      '/conversations/:id/messages',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: 'Messages of one of my conversations, newest first, a page at a time',
          tags,
          security,
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: messageListSchema, ...errors },
        },
      },
      async (request) => messaging.messages(caller(request), request.params.id, request.query),
    );

    app.post(
      '/conversations/:id/messages',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary:
            'Send a message (while we still share a care link or a visit; at most 60 a minute)',
          tags,
          security,
          params: idParams,
          body: newMessageSchema,
          response: { 201: messageSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await messaging.send(caller(request), request.params.id, request.body.body)),
    );

    app.post(
      '/conversations/:id/read',
      {
        config: { gate: gate.roles('patient', 'doctor') },
        schema: {
          summary: "Mark the other person's messages in this conversation read up to now",
          tags,
          security,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await messaging.read(caller(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
