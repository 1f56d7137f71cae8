import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reminderSnoozedSchema,
  reminderTakenSchema,
  reminderTokenParamsSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ReminderService } from './service.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('notifications');
// No session: the token is the authority (a service worker has no bearer token), so guessing is limited.
const rateLimit = { max: 60, timeWindow: '15 minutes' };

export function reminderRoutes(reminders: ReminderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reminders/:token/taken',
      route.open(
        'Ticks the dose a reminder is about (the token from the notification or push)',
        {
          params: reminderTokenParamsSchema,
          response: { 200: reminderTakenSchema, ...errorResponses(400, 404, 429) },
        },
        { rateLimit },
      ),
      async (request) => reminders.taken(request.params.token),
    );

    app.post(
      '/reminders/:token/snooze',
      route.open(
        `Reminds again in 30 minutes`,
        {
          params: reminderTokenParamsSchema,
          response: { 200: reminderSnoozedSchema, ...errorResponses(400, 404, 409, 429) },
        },
        { rateLimit },
      ),
      async (request) => reminders.snooze(request.params.token),
    );
  };
}
