import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { fail, say } from './lib/terminal.ts';

/** `npm run migrate`: applies pending migrations to the configured database and says which. */
async function run() {
  const db = createDb(loadConfig().database);
  try {
    const results = await migrateToLatest(db);
    if (results.length === 0) say(`Database (${db.dialect}) is up to date.`);
    for (const r of results)
      say(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  } finally {
    await db.close();
  }
}

run().catch((error: unknown) => fail(error));
