import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reminderSnoozedSchema,
  reminderTakenSchema,
  reminderTokenParamsSchema,
} from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ReminderService } from './service.ts';

const tags = ['notifications'];
// No session: the token is the authority (a service worker has no bearer token), so guessing is limited.
const rateLimit = { max: 60, timeWindow: '15 minutes' };

export function reminderRoutes(reminders: ReminderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reminders/:token/taken',
      {
        config: { rateLimit },
        schema: {
          summary: 'Ticks the dose a reminder is about (the token from the notification or push)',
          tags,
          params: reminderTokenParamsSchema,
          response: { 200: reminderTakenSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => reminders.taken(request.params.token),
    );

    app.post(
      '/reminders/:token/snooze',
      {
        config: { rateLimit },
        schema: {
          summary: `Reminds again in 30 minutes`,
          tags,
          params: reminderTokenParamsSchema,
          response: { 200: reminderSnoozedSchema, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request) => reminders.snooze(request.params.token),
    );
  };
}
