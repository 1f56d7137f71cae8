import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { RESYNC_EVENT } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { safeErrorSummary } from '../../lib/database-unavailable.ts';
import type { EventHub } from './hub.ts';
import { eventsAfter, latestEventIdOf, prunedThrough, type HandedEvent } from './repo.ts';

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
  /** The session whose token opened the stream: the hub ends the stream when it ends. */
  sessionId: string;
  start: ResumePoint;
  /** False once the session behind the stream ended (sign-out, expiry, disabled account). */
  sessionLive: () => Promise<boolean>;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

function frame(event: { id: number; type: string; data: string }): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`;
}

/**
 * A handed row goes to every stream its person has open (up to 10): its frame is encoded once, on
 * the first stream that writes it, and the same bytes go to the others.
 */
const encodedFrames = new WeakMap<HandedEvent, Buffer>();
function encodedFrame(event: HandedEvent, type: string, data: string): Buffer {
  let bytes = encodedFrames.get(event);
  if (!bytes) {
    bytes = Buffer.from(frame({ id: event.id, type, data }));
    encodedFrames.set(event, bytes);
  }
  return bytes;
}

/**
 * Takes the response over and writes the person's events in id order, each once. A publish hands the
 * committed rows over (see EventHub); a row whose previous id this stream has sent is written as it
 * is. The table is read after the last id sent only to fill a gap, when a row came without its data,
 * on a wake-up without rows, at the start (events stored between the resume point and joining the
 * hub) and on each heartbeat, in case a hand-off was lost. The session is checked before every
 * write. Ends when the client goes, the session ends, the reader falls too far behind, or the server
 * stops.
 */
export function openEventStream(reply: FastifyReply, options: StreamOptions): void {
  const { db, hub, userId, sessionLive, heartbeatMs, log } = options;
  let cursor = options.start.cursor;
  let closed = false;
  let running = false;
  let again = false;
  let readNeeded = true;
  let handed: HandedEvent[] = [];

  reply.hijack();
  const res = reply.raw;
  // The security headers helmet set on the reply, then the stream's own.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  // The body is not framed in chunks: it ends when the connection does, which is how an event
  // stream ends anyway (Node answers "Connection: close"). So each write goes to the socket as it
  // is, one send, where a chunk took three buffers and a deferred flush: 1 000 streams written for
  // one burst of messages made that framing a large part of the burst's cost.
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
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
    handed = [];
    res.end();
  };

  /** Writes what the table holds after the cursor. */
  const readTable = async () => {
    let batch;
    do {
      batch = await eventsAfter(db, userId, cursor, BATCH);
      if (closed) return;
      if (batch.length > 0) res.write(batch.map(frame).join(''));
      cursor = batch.at(-1)?.id ?? cursor;
      if (res.writableLength > MAX_BUFFERED_BYTES) return finish();
    } while (batch.length === BATCH);
  };

  /** Writes the handed rows that follow on from the cursor; false at a gap or a row without data. */
  const writeHanded = (events: HandedEvent[]): boolean => {
    const out: Buffer[] = [];
    let complete = true;
    for (const event of events.sort((a, b) => a.id - b.id)) {
      if (event.id <= cursor) continue;
      const { type, data } = event;
      if (type === undefined || data === undefined || event.prevId > cursor) {
        complete = false;
        break;
      }
      out.push(encodedFrame(event, type, data));
      cursor = event.id;
    }
    if (out.length > 0) res.write(out.length === 1 ? out[0] : Buffer.concat(out));
    return complete;
  };

  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        // Taken before the session check, so each row written was handed over before a check began.
        const events = handed;
        handed = [];
        let read = readNeeded;
        readNeeded = false;
        try {
          if (!(await sessionLive())) return finish();
          if (closed) return;
          // Every handed row is committed, so a read covers the rest of them.
          if (!read && !writeHanded(events)) read = true;
          if (read) await readTable();
          if (res.writableLength > MAX_BUFFERED_BYTES) return finish();
        } catch (error) {
          // The database is away: keep the stream; the next wake-up or heartbeat reads again.
          readNeeded = true;
          log.warn({ failure: safeErrorSummary(error) }, 'reading live events failed');
          return;
        }
      } while (again && !closed);
    } finally {
      running = false;
    }
  };

  // One publish hands several rows to a stream at once (a message and its notification, a batch of
  // messages committed together): they are taken after the hand-over, so one check and one write.
  let runQueued = false;
  const runSoon = () => {
    if (runQueued) return;
    runQueued = true;
    queueMicrotask(() => {
      runQueued = false;
      void run();
    });
  };

  const leave = hub.add(userId, {
    sessionId: options.sessionId,
    offer: (event) => {
      if (closed || event.id <= cursor) return;
      handed.push(event);
      runSoon();
    },
    wake: () => {
      readNeeded = true;
      void run();
    },
    end: finish,
  });
  const heartbeat = setInterval(() => {
    if (closed) return;
    res.write(': heartbeat\n\n');
    readNeeded = true;
    void run();
  }, heartbeatMs);
  res.on('close', finish);
  // Events stored between reading the resume point and joining the hub are read now.
  void run();
}
