import { sql } from 'kysely';
import type { LiveEventType } from '@tend/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { safeErrorSummary } from '../../lib/database-unavailable.ts';
import { EventHub } from './hub.ts';
import { decodeAnnouncement, encodeAnnouncement } from './notify-payload.ts';
import { startPgListener, type ListenerLog, type PgListener } from './pg-listener.ts';
import { eventInserts, eventsByIds, insertEvents, pruneEvents, type HandedEvent } from './repo.ts';
import { SessionChecks } from './session-check.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-events service of this instance (tests publish through it). */
    liveEvents: EventsService;
  }
}

/** How long stored events are kept for resuming streams (a cursor older than this gets `resync`). */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The live-event interface other modules call:
 *
 *   await events.publish(trx, [userId, …], 'message' | 'notification' | 'appointment' | 'signal', data)
 *
 * inside the transaction of the change the event is about (pass the transaction, not the database),
 * so the event exists exactly when that change committed. `data` is any JSON object, the shapes in
 * packages/shared/src/events.ts; it is stored in the database: put ids and what a reader needs, never
 * more personal data than the recipient may see. Streams get the event only after the commit
 * (PostgreSQL delivers NOTIFY, which carries the row, at commit, on every instance; on SQLite the rows
 * are read back once on the single connection, which waits for the commit, so after a rollback there
 * is nothing to hand). Publish as the last step of a transaction: on PostgreSQL it holds a lock per
 * recipient until the commit.
 */
export interface EventsService {
  publish(
    trx: Executor,
    userIds: readonly string[],
    type: LiveEventType,
    data: object,
  ): Promise<void>;
  readonly hub: EventHub;
  readonly db: Db;
  /** Batched session checks for the open streams. */
  readonly sessions: SessionChecks;
  /** Resolves when wake-ups flow (PostgreSQL: the first LISTEN is in place). */
  ready(): Promise<void>;
  /** Ends every open stream (server shutdown). */
  endStreams(): void;
  close(): Promise<void>;
}

export interface EventsServiceOptions {
  db: Db;
  database: Config['database'];
  log: ListenerLog;
  clock?: () => Date;
  /** Tests pass a name to find the listening connection in pg_stat_activity. */
  listenerApplicationName?: string;
}

/** One channel per database schema, so tests (and tenants) on one server do not wake each other. */
export function eventChannel(database: Config['database']): string {
  const schema = database.kind === 'postgres' ? database.searchPath : undefined;
  return (schema ? `tend_events:${schema}` : 'tend_events').slice(0, 63);
}

export function createEventsService({
  db,
  database,
  log,
  clock = () => new Date(),
  listenerApplicationName,
}: EventsServiceOptions): EventsService {
  const hub = new EventHub();
  const sessions = new SessionChecks(db.kysely);
  const channel = eventChannel(database);
  const insertRows = eventInserts(db.kysely);
  let listener: PgListener | null = null;
  if (database.kind === 'postgres') {
    listener = startPgListener({
      url: database.url,
      channel,
      onNotification: (payload) => {
        const announced = decodeAnnouncement(payload);
        if (announced.kind === 'events') hub.deliver(announced.events);
        else hub.wake(announced.userIds);
      },
      onListening: () => hub.wake('all'),
      log,
      ...(listenerApplicationName ? { applicationName: listenerApplicationName } : {}),
    });
  }

  /**
   * SQLite: the rows are read back once, not once per stream, and not once per publish either: the
   * ids of every publish made before the read gets the one connection are read together. The read
   * queues behind the publishing transactions on that connection, so it finds only rows that
   * committed (a rolled-back id is absent, or holds the row that later took it and did commit).
   */
  let pendingIds: number[] = [];
  let pendingRecipients = new Set<string>();
  let readQueued = false;
  const handOver = (ids: number[], recipients: string[]) => {
    pendingIds.push(...ids);
    for (const userId of recipients) pendingRecipients.add(userId);
    if (readQueued) return;
    readQueued = true;
    let woken: string[] = [];
    db.kysely
      .connection()
      .execute((connection) => {
        // The connection is ours: no publish can add ids until the read is done.
        readQueued = false;
        const wanted = pendingIds;
        woken = [...pendingRecipients];
        pendingIds = [];
        pendingRecipients = new Set();
        return eventsByIds(connection, wanted);
      })
      .then(
        (rows: HandedEvent[]) => hub.deliver(rows),
        (error: unknown) => {
          log.warn({ failure: safeErrorSummary(error) }, 'reading published events failed');
          if (readQueued) {
            // The connection never came: nothing was taken, so wake everyone waiting on this read.
            readQueued = false;
            woken = [...pendingRecipients];
            pendingIds = [];
            pendingRecipients = new Set();
          }
          // The streams try the table themselves (and the heartbeat again later).
          hub.wake(woken);
        },
      );
  };

  const prune = () => {
    pruneEvents(db.kysely, new Date(clock().getTime() - EVENT_RETENTION_MS)).catch(
      (error: unknown) =>
        log.warn({ failure: safeErrorSummary(error) }, 'pruning old events failed'),
    );
  };
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();

  const store = async (trx: Executor, userIds: string[], type: LiveEventType, data: string) => {
    const inserted = await insertEvents(trx, db.dialect, userIds, type, data, clock(), insertRows);
    if (db.dialect === 'postgres') {
      const payload = encodeAnnouncement(
        type,
        data,
        inserted.map((row) => ({ ...row, prevId: row.prevId ?? 0 })),
      );
      await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
    }
    return inserted.map((row) => row.id);
  };

  return {
    hub,
    db,
    sessions,
    async publish(trx, userIds, type, data) {
      const recipients = [...new Set(userIds)].sort();
      if (recipients.length === 0) return;
      const json = JSON.stringify(data);
      const ids = trx.isTransaction
        ? await store(trx, recipients, type, json)
        : await db.kysely.transaction().execute((own) => store(own, recipients, type, json));
      if (db.dialect === 'sqlite') handOver(ids, recipients);
    },
    ready: () => listener?.ready ?? Promise.resolve(),
    endStreams: () => hub.endAll(),
    async close() {
      clearInterval(pruneTimer);
      hub.endAll();
      await listener?.close();
    },
  };
}
