import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { hashedKeys, type CounterStore } from './counter-store.ts';
import { sqlCounterStore } from './sql-counter-store.ts';

/** Redis when REDIS_URL is set, else the database: either way every instance on it counts together. */
export async function openCounterStore(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<CounterStore> {
  // ioredis is loaded only when it is used.
  const store = config.redis
    ? await (await import('./redis-counter-store.ts')).redisCounterStore(config.redis, log)
    : sqlCounterStore(db);
  return hashedKeys(store, config.secrets.tokenSecret);
}
