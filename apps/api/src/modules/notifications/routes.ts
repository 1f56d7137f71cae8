import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadBodySchema,
  notificationReadResultSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { NotificationService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('notifications');

export function notificationRoutes(notifications: NotificationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      route.signedIn(
        gate.signedIn,
        "The caller's notifications, newest first, with the unread count",
        {
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errorResponses(400, 401) },
        },
      ),
      async (request) => notifications.list(caller(request), request.query),
    );

    app.post(
      '/notifications/read',
      route.signedIn(gate.signedIn, 'Marks notifications read: { ids } or { all: true }', {
        body: notificationReadBodySchema,
        response: { 200: notificationReadResultSchema, ...errorResponses(400, 401, 404) },
      }),
      async (request) => notifications.markRead(caller(request), request.body),
    );
  };
}
