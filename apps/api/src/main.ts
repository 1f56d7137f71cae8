import { flushCompileCache } from 'node:module';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { describeDatabase, waitForDatabase } from './db/wait-for-database.ts';
import { loggerOptions } from './lib/logger.ts';
import { allowMaglevAgain, collectStartupGarbage } from './lib/startup-garbage.ts';
import { fail } from './lib/terminal.ts';

async function start() {
  // A bad setting ends start-up at once (ConfigError below); a database that is not up yet does not.
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  const db = createDb(config.database, { log });
  // Migrating is the first thing that needs the database, so it is what is retried: a database
  // that goes away mid-way is waited for too. Migrations run in one transaction, so a retry starts
  // from a clean state; a migration that fails for any other reason stops start-up at once.
  await waitForDatabase({
    check: async () => {
      await migrateToLatest(db);
    },
    location: describeDatabase(config.database),
    log: (line) => log.warn(line),
  });
  const app = await buildApp({ config, db });
  app.addHook('onClose', () => db.close());

  // SIGTERM/SIGINT: stop taking requests, finish the ones in flight, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });

  await app.ready();
  collectStartupGarbage();
  await app.listen({ port: config.port, host: config.host });
  allowMaglevAgain();
  // Under serve.js, write the compiled code of everything start-up loaded to the compile cache now
  // rather than at exit, so the next start finds it even while this process still runs (a second
  // instance, the bench's servers): a start without it loads the TypeScript stripper, ~20 MB more.
  // Without a compile cache (tests, `npm run dev`) it does nothing.
  flushCompileCache();
}

start().catch((error: unknown) =>
  fail(
    error instanceof ConfigError
      ? error
      : `Tend could not start: ${error instanceof Error ? error.message : String(error)}`,
  ),
);
