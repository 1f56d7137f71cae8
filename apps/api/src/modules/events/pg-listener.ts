import pg from 'pg';
import { safeErrorSummary } from '../../lib/database-unavailable.ts';

export interface ListenerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PgListenerOptions {
  url: string;
  channel: string;
  /** Called with each NOTIFY's payload ('' when it had none). */
  onNotification: (payload: string) => void;
  /** Called after every (re)connect: announcements sent while nobody listened were missed. */
  onListening: () => void;
  log: ListenerLog;
  /** First wait before reconnecting; doubles per failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Tests find the listening connection in pg_stat_activity by it. */
  applicationName?: string;
}

export interface PgListener {
  /** Resolves once the first LISTEN is in place (or the listener is closed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One dedicated PostgreSQL connection that LISTENs for published events (a pooled connection cannot:
 * the pool hands it to queries and may close it). When the database drops it (restart, failover,
 * pg_terminate_backend) it reconnects with backoff, and after every (re)connect says so (the service
 * then wakes all streams, which read the table from their own cursor), so a NOTIFY sent while it was
 * away is not lost.
 * It never throws: a database that is down is waited for, logged once per attempt.
 */
export function startPgListener(options: PgListenerOptions): PgListener {
  const {
    url,
    channel,
    onNotification,
    onListening,
    log,
    minBackoffMs = 100,
    maxBackoffMs = 5000,
  } = options;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const wait = Math.min(maxBackoffMs, minBackoffMs * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? 'tend-events',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!closed) {
        log.warn(
          error ? { failure: safeErrorSummary(error) } : {},
          'lost the live-events listening connection; reconnecting',
        );
      }
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel !== channel) return;
      onNotification(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (closed || lost) {
      next.end().catch(() => {});
      return;
    }
    client = next;
    if (failures > 0) log.info({}, 'live-events listening connection is back');
    failures = 0;
    markReady();
    // Events published while nobody listened are in the table; every stream reads from its cursor.
    onListening();
  };

  void connect();

  return {
    ready,
    async close() {
      closed = true;
      markReady();
      if (timer) clearTimeout(timer);
      timer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
