import type { Executor } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

export interface FinishedBackup {
  kind: 'scheduled' | 'manual';
  file: string;
  size: number;
  finishedAt: Date;
}

export async function recordBackup(db: Executor, backup: FinishedBackup): Promise<void> {
  await db
    .insertInto('backups')
    .values({
      id: newId(),
      kind: backup.kind,
      file: backup.file,
      size: backup.size,
      finished_at: backup.finishedAt.toISOString(),
    })
    .execute();
}

/** The newest finished backup of either kind, for the health answer. */
export function latestBackup(db: Executor) {
  return db
    .selectFrom('backups')
    .select(['finished_at', 'size'])
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Scheduled backups past the newest `keep`, oldest first: their files are to be deleted. */
export function scheduledBeyond(db: Executor, keep: number) {
  return db
    .selectFrom('backups')
    .select(['id', 'file'])
    .where('kind', '=', 'scheduled')
    .orderBy('finished_at', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
}

export async function forgetBackup(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('backups').where('id', '=', id).execute();
}
