import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app.ts';
import { testRedisUrl, type Config } from '../src/config.ts';
import { createDb, type Db, type Dialect } from '../src/db/database.ts';
import { createTestDatabase, testConfig, type TestApp } from './helper.ts';

export type CounterBackend = 'database' | 'redis';

/** The database always; Redis too when TEST_REDIS_URL is set. */
export function counterBackends(): CounterBackend[] {
  return testRedisUrl() ? ['database', 'redis'] : ['database'];
}

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** A third connection, as an operator's command-line tool would open. */
  db: Db;
  close(): Promise<void>;
}

function logSink(logs: string[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
}

/**
 * Two Tend instances on one database, as behind a load balancer: each has its own connection (pool),
 * its own in-process state and its own log; they share only the database and, for 'redis', one Redis
 * under a key prefix of their own so parallel tests never count together.
 */
export async function createTwoInstances(
  dialect: Dialect,
  counters: CounterBackend = 'database',
  redisUrl: string | undefined = testRedisUrl(),
): Promise<TwoInstances> {
  const shared = await createTestDatabase(dialect);
  let config: Config = testConfig(shared.dataDir, shared.database, { LOG_LEVEL: 'info' });
  if (counters === 'redis') {
    if (!redisUrl) throw new Error('the Redis variant needs TEST_REDIS_URL');
    config = { ...config, redis: { url: redisUrl, keyPrefix: `tend-test:${randomUUID()}:` } };
  }
  const start = async (): Promise<TestApp> => {
    const db = createDb(shared.database);
    const logs: string[] = [];
    const app = await buildApp({ config, db, logStream: logSink(logs) });
    await app.ready();
    return {
      app,
      db,
      database: shared.database,
      logs,
      async close() {
        await app.close();
        await db.close();
      },
    };
  };
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    db: shared.db,
    async close() {
      await a.close();
      await b.close();
      await shared.cleanup();
    },
  };
}
