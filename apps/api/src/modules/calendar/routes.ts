import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema } from '@tend/shared';
import { errorResponses } from '../../lib/error-responses.ts';
import type { CalendarService } from './service.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

const route = routeDeclarations('calendar');

/** GET /me/calendar and its reset: for the signed-in person, about their own feed only. */
export function calendarRoutes(calendar: CalendarService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/calendar',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'My secret calendar feed address (made on first asking)',
        { response: { 200: calendarFeedSchema, ...errorResponses(401) } },
      ),
      async (request) => calendar.address(caller(request).userId),
    );

    app.post(
      '/me/calendar/reset',
      route.signedIn(
        gate.roles('patient', 'doctor'),
        'Make a new calendar feed address; the old one stops working at once',
        { response: { 200: calendarFeedSchema, ...errorResponses(401) } },
      ),
      async (request) => calendar.reset(caller(request).userId),
    );
  };
}

/** The path with its secret left out, for the logs: the secret alone opens the feed. */
const redactedRequest = (request: { method: string; ip: string; host: string }) => ({
  method: request.method,
  url: '/api/v1/calendar/[redacted].ics',
  host: request.host,
  remoteAddress: request.ip,
});

/** The feed itself: no session (calendar apps have none); the secret in the address is the key. */
export function calendarFeedRoutes(calendar: CalendarService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/:file',
      {
        ...route.open(
          'The calendar feed (iCalendar) at a secret address: visits and medication reminders',
          {
            params: z.object({ file: z.string().max(100) }),
            response: {
              200: z.string().describe('text/calendar; charset=utf-8'),
              ...errorResponses(404, 429),
            },
          },
          // Calendar apps poll every few minutes to hours; this leaves room for several behind one address.
          { rateLimit: { max: 120, timeWindow: '1 hour' } },
        ),
        logSerializers: { req: redactedRequest },
      },
      async (request, reply) => {
        const file = request.params.file;
        const secret = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
        const text = await calendar.feed(secret);
        return reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', 'inline; filename="tend.ics"')
          .send(text);
      },
    );
  };
}
