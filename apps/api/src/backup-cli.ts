import path from 'node:path';
import { writeBackup } from './backup/backup.ts';
import { recordBackup } from './backup/backups-repo.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { fail, say } from './lib/terminal.ts';
import { describeSize } from './backup/describe-size.ts';

/** `npm run backup -- <file>`: a consistent copy of the database while Tend keeps running. */
async function run(file: string) {
  const config = loadConfig();
  const started = Date.now();
  const { size } = await writeBackup(config, file);
  const target = path.resolve(file);
  // Noted in the database so /api/v1/health can tell operators when the last backup was made. A
  // database too old to have the table yet (Tend not started since upgrading) is no reason to fail.
  const db = createDb(config.database);
  try {
    await recordBackup(db.kysely, { kind: 'manual', file: target, size, finishedAt: new Date() });
  } catch {
    say('(Not noted for /api/v1/health: start this version of Tend once to add its table.)');
  } finally {
    await db.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(
    `Backed up the ${config.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database to ${target} (${describeSize(size)}, ${seconds} s).`,
  );
}

const [file, extra] = process.argv.slice(2);
if (!file || extra !== undefined) fail('usage: npm run backup -- <file>', 2);
run(file).catch((error: unknown) => fail(error));
