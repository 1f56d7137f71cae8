import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { BackupError, KIND_WORDS, backupKindOf } from './backup-file.ts';
import { backupPostgres, restorePostgres } from './pg-backup.ts';
import { backupSqlite, restoreSqlite } from './sqlite-backup.ts';

export interface BackupSettings {
  database: Config['database'];
  backup: Pick<Config['backup'], 'pgDump' | 'pgRestore'>;
}

/**
 * Writes a consistent copy of the database to `destination` while Tend keeps running: everything,
 * stored files and reports included, since they live in the database. The copy is made under a
 * temporary name and renamed when whole, so a failed backup never leaves a file that looks finished.
 */
export async function writeBackup(
  settings: BackupSettings,
  destination: string,
): Promise<{ size: number }> {
  const target = path.resolve(destination);
  if (existsSync(target)) {
    throw new BackupError(
      `${target} already exists. Choose a new file name; Tend never overwrites a backup.`,
    );
  }
  if (!existsSync(path.dirname(target))) {
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  }
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const { database } = settings;
    if (database.kind === 'sqlite') await backupSqlite(database.file, partial);
    else
      await backupPostgres(database, partial, {
        pgDump: settings.backup.pgDump,
        pgRestore: settings.backup.pgRestore,
      });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { size: (await stat(target)).size };
}

/** Restores a backup into the configured database, which must be empty; a backup of the other kind is refused. */
export async function restoreBackup(settings: BackupSettings, file: string): Promise<void> {
  const source = path.resolve(file);
  const kind = await backupKindOf(source);
  const { database } = settings;
  if (kind !== database.kind) {
    const configured =
      database.kind === 'sqlite' ? 'SQLite (DATABASE_URL is unset)' : 'PostgreSQL (DATABASE_URL)';
    throw new BackupError(
      `${source} is a ${KIND_WORDS[kind]} backup, but Tend is configured for ${configured}. Restore it into the same kind of database it came from.`,
    );
  }
  if (database.kind === 'sqlite') await restoreSqlite(source, database.file);
  else
    await restorePostgres(source, database, {
      pgDump: settings.backup.pgDump,
      pgRestore: settings.backup.pgRestore,
    });
}
