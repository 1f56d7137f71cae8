import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../config.ts';
import { createTestApp, testDialects } from '../../test/helper.ts';
import { CountersUnavailable } from './counter-store.ts';
import { redisCounterStore } from './redis-counter-store.ts';

const silent = pino({ level: 'silent' });

describe.runIf(testRedisUrl())('counters in Redis', () => {
  const url = testRedisUrl() ?? '';
  const prefix = () => `tend-test:${randomUUID()}:`;

  it('counts hits from two clients together, each exactly once', async () => {
    const keyPrefix = prefix();
    const one = await redisCounterStore({ url, keyPrefix }, silent);
    const two = await redisCounterStore({ url, keyPrefix }, silent);
    try {
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).hit('rate:k', 60_000)),
      );
      expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      for (const hit of hits) expect(hit.ttlMs).toBeGreaterThan(0);
      await one.reset('rate:k');
      expect((await two.hit('rate:k', 60_000)).count).toBe(1);
      await two.reset('rate:k');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('answers 503 while Redis is away and counts again once it is back, without a restart', async () => {
    const target = new URL(url);
    const proxy = await redisProxy(target.hostname, Number(target.port || 6379));
    const store = await redisCounterStore(
      { url: `redis://127.0.0.1:${proxy.port}${target.pathname}`, keyPrefix: prefix() },
      silent,
    );
    try {
      expect((await store.hit('k', 60_000)).count).toBe(1);
      await proxy.stop();
      await expect(store.hit('k', 60_000)).rejects.toBeInstanceOf(CountersUnavailable);
      await proxy.start();
      // The client reconnects on its own schedule; poll until it has, within a generous bound.
      let count = 0;
      for (const deadline = Date.now() + 20_000; count === 0 && Date.now() < deadline;) {
        count = await store.hit('k', 60_000).then(
          (hit) => hit.count,
          () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 100)),
        );
      }
      expect(count).toBe(2);
      await store.reset('k');
    } finally {
      await store.close();
      await proxy.stop();
    }
  });
});

/** A TCP relay to Redis on a fixed local port that the test can take down and bring back. */
async function redisProxy(host: string, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let listenPort = 0;
  const start = async () => {
    const relay = createServer((client) => {
      const upstream = connect(port, host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(listenPort, '127.0.0.1', resolve));
    const address = relay.address();
    if (address && typeof address === 'object') listenPort = address.port;
    server = relay;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return { port: listenPort, start, stop };
}

/** A port that accepts connections and answers nothing, like a Redis that hangs. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(testDialects())('Redis configured but not answering (%s)', (dialect) => {
  let hung: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    hung = await silentServer();
  });
  afterAll(() => hung.close());

  for (const [what, redisUrl] of [
    ['refusing connections', () => 'redis://127.0.0.1:1'],
    ['accepting but never answering', () => hung.url],
  ] as const) {
    it(`answers limited routes 503 in words and serves the rest when Redis is ${what}`, async () => {
      const t = await createTestApp(dialect, { REDIS_URL: redisUrl() });
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          payload: { email: 'someone@example.org', password: 'whatever1' },
        });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          error: {
            code: 'service_unavailable',
            message:
              'Tend cannot check its request limits right now. Please try again in a moment.',
          },
        });
        const policy = await t.app.inject({ method: 'GET', url: '/api/v1/auth/password-policy' });
        expect(policy.statusCode).toBe(200);
        expect(t.logs.join('')).toContain('Redis is unreachable');
      } finally {
        await t.close();
      }
    });
  }
});
