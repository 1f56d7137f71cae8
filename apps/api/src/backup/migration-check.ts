import { migrations } from '../db/migrations/index.ts';
import { BackupError } from './backup-file.ts';

/** A backup from a newer Tend holds tables this version does not know: restoring it would start a broken server. */
export function assertKnownMigrations(applied: string[]): void {
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(
      `This backup was made by a newer version of Tend (it has migration ${unknown.join(', ')}, which this version does not know). Upgrade Tend, then restore.`,
    );
  }
}
