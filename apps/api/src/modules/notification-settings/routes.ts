import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingsSchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { NotificationSettingsService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('notifications');

export function notificationSettingsRoutes(
  settings: NotificationSettingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/notification-settings',
      route.signedIn(
        gate.signedIn,
        'How the caller wants reminders: email, Web Push, and the time of each dose slot',
        { response: { 200: notificationSettingsSchema, ...errorResponses(401) } },
      ),
      async (request) => settings.get(caller(request)),
    );

    app.put(
      '/me/notification-settings',
      route.signedIn(
        gate.signedIn,
        'Saves all of them; today’s reminders not yet sent move to the new times',
        {
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
        },
      ),
      async (request) => settings.put(caller(request), request.body),
    );
  };
}
