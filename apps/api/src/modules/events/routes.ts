import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as Jose from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { EventsService } from './service.ts';
import { HEARTBEAT_MS, openEventStream, resumePoint } from './stream.ts';
import { caller, gate } from '../../plugins/gates.ts';
import { routeDeclarations } from '../../plugins/route-declarations.ts';

/** Streams one person may hold on one instance: a few tabs and devices, never a runaway loop. */
export const MAX_STREAMS_PER_USER = 10;

const route = routeDeclarations('events');
const lastEventIdMessage = 'Last-Event-ID must be the id of an event this stream sent.';

const headers = z.looseObject({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, lastEventIdMessage)
    .transform(Number)
    .optional(),
});

export interface EventRouteOptions {
  heartbeatMs?: number;
}

// jose is loaded with the first stream, not at start-up: an idle server never needs it (docs/decisions/017).
let jose: Promise<typeof Jose> | undefined;

/**
 * When the access token of the request ends, in ms. The sign-in hook verified the token moments ago;
 * the stream ends with it, as any request would be refused then (the browser reconnects with a fresh one).
 */
async function tokenExpiresAt(header: string | undefined): Promise<number> {
  const { decodeJwt } = await (jose ??= import('jose'));
  const { exp } = decodeJwt(header?.replace(/^Bearer /, '') ?? '');
  return exp === undefined ? Number.POSITIVE_INFINITY : exp * 1000;
}

export function eventRoutes(
  events: EventsService,
  { heartbeatMs = HEARTBEAT_MS }: EventRouteOptions = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      route.signedIn(
        gate.signedIn,
        "The caller's live events (text/event-stream): message, notification, appointment, signal; resumes with Last-Event-ID",
        {
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
      ),
      async (request, reply) => {
        const me = caller(request);
        const expiresAt = await tokenExpiresAt(request.headers.authorization);
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
          sessionId: me.sessionId,
          start,
          heartbeatMs,
          log: request.log,
          // The sign-in check of every request, repeated before each write; one query for many streams.
          sessionLive: async () =>
            Date.now() < expiresAt && (await events.sessions.isLive(me.sessionId)),
        });
        return reply;
      },
    );
  };
}
