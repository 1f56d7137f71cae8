import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { setAccountDisabled } from './modules/accounts/admin-service.ts';

/** `npm run users -- disable|enable <email>`: for the operator of a Tend installation. */
const [action, email] = process.argv.slice(2);
if ((action !== 'disable' && action !== 'enable') || !email) {
  console.error('usage: npm run users -- disable|enable <email>');
  process.exit(2);
}

try {
  const db = createDb(loadConfig().database);
  try {
    await migrateToLatest(db);
    await setAccountDisabled(db, email, action === 'disable');
    console.log(
      `${email} is ${action === 'disable' ? 'disabled; every session of it has ended' : 'enabled again'}.`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof Error ? error.message : String(error),
  );
  process.exit(1);
}
