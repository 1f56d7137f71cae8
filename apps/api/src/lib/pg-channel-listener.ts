import type pg from 'pg';
import { loadPg } from './load-pg.ts';
import { safeErrorSummary } from './database-unavailable.ts';

export interface ListenerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PgChannelListenerOptions {
  url: string;
  /** The connection's search_path, where the channel depends on the schema. */
  searchPath?: string;
  /** The channel's name, or how to find it out on each new connection before it LISTENs. */
  channel: string | ((client: pg.Client) => Promise<string>);
  /** Called with each NOTIFY's payload on the channel ('' when it had none). */
  onNotification: (payload: string) => void;
  /**
   * Called after every (re)connect, the first included, before listening() turns true: whatever was
   * announced while nobody listened was missed, and the caller catches up.
   */
  onReconnect: () => void;
  log: ListenerLog;
  /** Logged once when the connection is lost, and once when it is back. */
  messages: { lost: string; back: string };
  /** Shown in pg_stat_activity. */
  applicationName: string;
  /** First wait before reconnecting; doubles per failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface PgChannelListener {
  /** True while the LISTEN connection is up. */
  listening(): boolean;
  /** Resolves once the first LISTEN is in place (or the listener is closed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel (a pooled connection cannot: the pool
 * lends it to queries and may close it). When the database drops it (restart, failover,
 * pg_terminate_backend) or cannot be reached, it waits and reconnects with backoff, and after every
 * (re)connect calls onReconnect so the caller can catch up on what it missed. It never throws; the
 * loss and the return are each logged once, however many attempts lie between.
 */
export function listenOnPgChannel(options: PgChannelListenerOptions): PgChannelListener {
  const { log, messages, minBackoffMs = 100, maxBackoffMs = 5000 } = options;
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
    const next = new (loadPg().Client)({
      connectionString: options.url,
      application_name: options.applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!closed && failures === 0) {
        log.warn(error ? { failure: safeErrorSummary(error) } : {}, messages.lost);
      }
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    let channel = typeof options.channel === 'string' ? options.channel : '';
    next.on('notification', (message) => {
      if (channel !== '' && message.channel === channel) {
        options.onNotification(message.payload ?? '');
      }
    });
    try {
      await next.connect();
      if (typeof options.channel !== 'string') channel = await options.channel(next);
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (closed || lost) {
      next.end().catch(() => {});
      return;
    }
    if (failures > 0) log.info({}, messages.back);
    failures = 0;
    options.onReconnect();
    client = next;
    markReady();
  };

  void connect();

  return {
    listening: () => client !== null,
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
