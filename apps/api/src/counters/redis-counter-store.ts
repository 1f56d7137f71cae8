import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { CountersUnavailable, type CounterStore } from './counter-store.ts';

// INCR and the window's expiry in one script, so two instances hitting one key cannot interleave. The
// second PEXPIRE repairs a key left without one (e.g. written by hand), which would otherwise never reset.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/**
 * Counters in Redis (REDIS_URL). While Redis is unreachable every command fails at once (no offline
 * queue) and the request gets a 503 in words; the client keeps reconnecting on its own.
 */
export async function redisCounterStore(
  settings: { url: string; keyPrefix: string },
  log: FastifyBaseLogger,
): Promise<CounterStore> {
  const redis = new Redis(settings.url, {
    keyPrefix: settings.keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
  });
  // Logged when the state changes, not on every reconnect attempt; the URL may hold a password, so it is left out.
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn(
      { reason: error.message },
      'Redis is unreachable; limited requests answer 503 until it is back',
    );
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis is reachable again');
  });
  // Start-up does not wait for Redis: Tend serves everything else and reconnects in the background.
  await redis.connect().catch(() => undefined);

  async function command<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch {
      throw new CountersUnavailable();
    }
  }

  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await command(() => redis.eval(HIT, 1, key, windowMs))) as [
        number,
        number,
      ];
      return { count, ttlMs: ttl };
    },
    async reset(key) {
      await command(() => redis.del(key));
    },
    async close() {
      // quit() waits for a reply that never comes while Redis is down; disconnect() does not.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
