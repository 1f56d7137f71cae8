import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { fail } from './lib/terminal.ts';

async function start() {
  const config = loadConfig();
  const db = createDb(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.addHook('onClose', () => db.close());

  // SIGTERM/SIGINT: stop taking requests, finish the ones in flight, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
}

start().catch((error: unknown) =>
  fail(
    error instanceof ConfigError
      ? error
      : `Tend could not start: ${error instanceof Error ? error.message : String(error)}`,
  ),
);
