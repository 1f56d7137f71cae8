import path from 'node:path';
import { restoreBackup } from './backup/backup.ts';
import { loadConfig } from './config.ts';
import { fail, say } from './lib/terminal.ts';

/** `npm run restore -- <file>`: a backup into the configured database, which must be empty. */
async function run(file: string) {
  const config = loadConfig();
  await restoreBackup(config, file);
  const where =
    config.database.kind === 'sqlite' ? config.database.file : 'the database at DATABASE_URL';
  say(
    `Restored ${path.resolve(file)} into ${where}. Start Tend: it applies any newer migrations on start.`,
  );
}

const [file, extra] = process.argv.slice(2);
if (!file || extra !== undefined) fail('usage: npm run restore -- <file>', 2);
run(file).catch((error: unknown) => fail(error));
