import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller } from '../../plugins/authentication.ts';
import type { AccessClaims } from '../accounts/tokens.ts';
import type { EventsService } from './service.ts';
import { HEARTBEAT_MS, openEventStream, resumePoint } from './stream.ts';

/** Streams one person may hold on one instance: a few tabs and devices, never a runaway loop. */
export const MAX_STREAMS_PER_USER = 10;

const lastEventIdMessage = 'Last-Event-ID must be the id of an event this stream sent.';

const headers = z.looseObject({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, lastEventIdMessage)
    .transform(Number)
    .optional(),
});

export interface EventRouteOptions {
  /** The sign-in check of every request, repeated while the stream is open. */
  authenticate: (token: string) => Promise<AccessClaims>;
  heartbeatMs?: number;
}

function bearerToken(header: string | undefined): string {
  return header?.replace(/^Bearer /, '') ?? '';
}

export function eventRoutes(
  events: EventsService,
  { authenticate, heartbeatMs = HEARTBEAT_MS }: EventRouteOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      {
        schema: {
          summary:
            "The caller's live events (text/event-stream): message, notification, appointment, signal; resumes with Last-Event-ID",
          tags: ['events'],
          security: [{ bearer: [] }],
          headers,
          querystring: z.strictObject({}),
          response: {
            200: {
              description: 'Frames of `id:`, `event:` and `data:` (JSON), and heartbeat comments',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request, reply) => {
        const me = caller(request);
        const token = bearerToken(request.headers.authorization);
        const start = await resumePoint(
          events.db.kysely,
          me.userId,
          request.headers['last-event-id'],
        );
        if (events.hub.count(me.userId) >= MAX_STREAMS_PER_USER) {
          throw new AppError(
            429,
            'too_many_streams',
            `You have ${MAX_STREAMS_PER_USER} live connections open already. Close a tab or window and try again.`,
            undefined,
            { retryAfterMs: heartbeatMs },
          );
        }
        openEventStream(reply, {
          db: events.db.kysely,
          hub: events.hub,
          userId: me.userId,
          start,
          heartbeatMs,
          log: request.log,
          sessionLive: async () => {
            try {
              await authenticate(token);
              return true;
            } catch (error) {
              if (error instanceof AppError && error.statusCode < 500) return false;
              throw error;
            }
          },
        });
        return reply;
      },
    );
  };
}
