import {
  listenOnPgChannel,
  type ListenerLog,
  type PgChannelListener,
} from '../../lib/pg-channel-listener.ts';

export type { ListenerLog };

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

export type PgListener = Pick<PgChannelListener, 'ready' | 'close'>;

/**
 * The live-events LISTEN connection (lib/pg-channel-listener.ts reconnects it). After every
 * (re)connect the service wakes all streams, which read the table from their own cursor, so a
 * NOTIFY sent while it was away is not lost.
 */
export function startPgListener({
  onListening,
  applicationName = 'tend-events',
  ...options
}: PgListenerOptions): PgListener {
  return listenOnPgChannel({
    ...options,
    onReconnect: onListening,
    applicationName,
    messages: {
      lost: 'lost the live-events listening connection; reconnecting',
      back: 'live-events listening connection is back',
    },
  });
}
