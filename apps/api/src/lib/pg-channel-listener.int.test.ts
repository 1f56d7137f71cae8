import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { listenOnPgChannel, type PgChannelListener } from './pg-channel-listener.ts';

const databaseUrl = testDatabaseUrl();

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// LISTEN/NOTIFY is PostgreSQL's; SQLite has no listener to reconnect.
describe.skipIf(!databaseUrl)('a reconnecting LISTEN connection on PostgreSQL', () => {
  const channel = `tend_listener_test:${process.pid}:${Date.now()}`;
  let proxy: TcpProxy;
  let sender: pg.Client;
  let listener: PgChannelListener;
  const payloads: string[] = [];
  const warnings: string[] = [];
  const infos: string[] = [];
  let reconnects = 0;

  beforeEach(async () => {
    const target = new URL(databaseUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    sender = new pg.Client({ connectionString: target.toString() });
    await sender.connect();
    payloads.length = 0;
    warnings.length = 0;
    infos.length = 0;
    reconnects = 0;
    listener = listenOnPgChannel({
      url: viaProxy.toString(),
      channel: async () => channel,
      onNotification: (payload) => payloads.push(payload),
      onReconnect: () => {
        reconnects += 1;
      },
      log: {
        info: (_details, message) => infos.push(message),
        warn: (_details, message) => warnings.push(message),
      },
      messages: { lost: 'lost', back: 'back' },
      applicationName: 'tend-listener-test',
      minBackoffMs: 10,
      maxBackoffMs: 40,
    });
  });
  afterEach(async () => {
    await listener.close();
    await sender.end();
    await proxy.close();
  });

  const notify = (payload: string) => sender.query('select pg_notify($1, $2)', [channel, payload]);

  it('hands over payloads, reconnects after the database went away, and logs each change once', async () => {
    await listener.ready;
    expect(listener.listening()).toBe(true);
    expect(reconnects).toBe(1);
    await notify('one');
    await until(() => payloads.length === 1, 'the first payload');
    expect(payloads).toEqual(['one']);

    await proxy.cut();
    await until(() => !listener.listening(), 'the loss to be noticed');
    // Several attempts fail while the database is away (10 to 40 ms apart); only the loss is logged.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings).toEqual(['lost']);
    expect(infos).toEqual([]);

    await proxy.restore();
    await until(() => listener.listening(), 'the connection to come back');
    expect(reconnects).toBe(2);
    expect(warnings).toEqual(['lost']);
    expect(infos).toEqual(['back']);
    await notify('two');
    await notify('');
    await until(() => payloads.length === 3, 'the later payloads');
    expect(payloads).toEqual(['one', 'two', '']);
  });

  it('stops for good when closed, even while waiting to reconnect', async () => {
    await listener.ready;
    await proxy.cut();
    await until(() => !listener.listening(), 'the loss to be noticed');
    await listener.close();
    await proxy.restore();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.listening()).toBe(false);
    expect(reconnects).toBe(1);
  });
});
