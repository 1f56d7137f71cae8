import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { fail, say } from './lib/terminal.ts';
import { setAccountDisabled } from './modules/accounts/admin-service.ts';

/** `npm run users -- disable|enable <email>`: for the operator of a Tend installation. */
async function run(action: 'disable' | 'enable', email: string) {
  const db = createDb(loadConfig().database);
  try {
    await migrateToLatest(db);
    await setAccountDisabled(db, email, action === 'disable');
    say(
      `${email} is ${action === 'disable' ? 'disabled; every session of it has ended' : 'enabled again'}.`,
    );
  } finally {
    await db.close();
  }
}

const [action, email] = process.argv.slice(2);
if ((action !== 'disable' && action !== 'enable') || !email) {
  fail('usage: npm run users -- disable|enable <email>', 2);
}
run(action, email).catch((error: unknown) => fail(error));
