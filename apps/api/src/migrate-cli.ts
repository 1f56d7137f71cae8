import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/** `npm run migrate`: applies pending migrations to the configured database and says which. */
async function run() {
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    const results = await migrateToLatest(db);
    if (results.length === 0) console.log(`Database (${db.dialect}) is up to date.`);
    for (const r of results)
      console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof Error ? error.message : String(error),
  );
  process.exit(1);
});
