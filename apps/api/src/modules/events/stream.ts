import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { RESYNC_EVENT } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { safeErrorSummary } from '../../lib/database-unavailable.ts';
import type { EventHub } from './hub.ts';
import { eventsAfter, latestEventIdOf, prunedThrough } from './repo.ts';

/** Comments every 25 s keep proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
const BATCH = 100;
// A reader this far behind is disconnected; it reconnects with Last-Event-ID and loses nothing.
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface ResumePoint {
  cursor: number;
  /** The missed events are no longer kept: the client must refetch what it shows. */
  resync: boolean;
}

/**
 * Where a stream starts: after Last-Event-ID when every event since is still kept, otherwise (or
 * without one) after the person's newest event, with `resync` when a resume was asked for but lost.
 */
export async function resumePoint(
  db: Executor,
  userId: string,
  lastEventId: number | undefined,
): Promise<ResumePoint> {
  const latest = await latestEventIdOf(db, userId);
  if (lastEventId === undefined) return { cursor: latest, resync: false };
  // An id this person was never sent (another database, a restore) cannot be resumed from either.
  if (lastEventId < (await prunedThrough(db)) || lastEventId > latest) {
    return { cursor: latest, resync: lastEventId !== latest };
  }
  return { cursor: lastEventId, resync: false };
}

export interface StreamOptions {
  db: Executor;
  hub: EventHub;
  userId: string;
  start: ResumePoint;
  /** False once the session behind the stream ended (sign-out, expiry, disabled account). */
  sessionLive: () => Promise<boolean>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/**
 * Takes the response over and writes the person's events as they are stored: each wake-up (and each
 * heartbeat, in case a wake-up was lost) reads the table after the last id sent, so the order is the
 * table's and nothing is sent twice. Ends when the client goes, the session ends, or the server stops.
 */
export function openEventStream(reply: FastifyReply, options: StreamOptions): void {
  const { db, hub, userId, sessionLive, heartbeatMs, log } = options;
  let cursor = options.start.cursor;
  let closed = false;
  let pumping = false;
  let again = false;

  reply.hijack();
  const res = reply.raw;
  // The security headers helmet set on the reply, then the stream's own.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold events back to fill a buffer.
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
  if (options.start.resync) res.write(`id: ${cursor}\nevent: ${RESYNC_EVENT}\ndata: {}\n\n`);

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    leave();
    res.end();
  };

  const pump = async () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        if (!(await sessionLive())) return finish();
        let batch;
        do {
          batch = await eventsAfter(db, userId, cursor, BATCH);
          for (const event of batch) {
            if (closed) return;
            res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`);
            cursor = event.id;
          }
          if (res.writableLength > MAX_BUFFERED_BYTES) return finish();
        } while (batch.length === BATCH && !closed);
      } while (again && !closed);
    } catch (error) {
      // The database is away: keep the stream; the next wake-up or heartbeat reads again.
      log.warn({ failure: safeErrorSummary(error) }, 'reading live events failed');
    } finally {
      pumping = false;
    }
  };

  const leave = hub.add(userId, { wake: () => void pump(), end: finish });
  const heartbeat = setInterval(() => {
    if (closed) return;
    res.write(': heartbeat\n\n');
    void pump();
  }, heartbeatMs);
  res.on('close', finish);
  // Events stored between reading the resume point and joining the hub are read now.
  void pump();
}
