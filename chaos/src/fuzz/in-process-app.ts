import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../../apps/api/src/app.ts';
import { loadConfig, type Config } from '../../../apps/api/src/config.ts';
import { createDb } from '../../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../../apps/api/src/db/migrate.ts';

export interface InProcessApp {
  app: App;
  /** The last lines the server logged at error level: what a 5xx left behind. */
  recentErrors(): string[];
  close(): Promise<void>;
}

/** apps/api's own buildApp on a fresh database, as the integration tests build it. */
export async function buildInProcessApp(
  dataDir: string,
  database: Config['database'] | undefined,
): Promise<InProcessApp> {
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    TOKEN_SECRET: 'chaos-fuzz-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'error',
  });
  const config: Config = database ? { ...loaded, database } : loaded;
  const db = createDb(config.database);
  await migrateToLatest(db);
  const errors: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors.push(chunk.toString().slice(0, 2000));
      if (errors.length > 20) errors.shift();
      done();
    },
  });
  const app = await buildApp({ config, db, logStream });
  await app.ready();
  return {
    app,
    recentErrors: () => [...errors],
    async close() {
      await app.close();
      await db.close();
    },
  };
}
