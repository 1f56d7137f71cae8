import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { failureLabel, type JobLog, type JobRunner } from '../jobs/runner.ts';
import { writeBackup } from './backup.ts';
import { forgetBackup, recordBackup, scheduledBeyond } from './backups-repo.ts';

export const BACKUP_JOB = 'backup';

export interface ScheduledBackupOptions {
  db: Db;
  jobs: JobRunner;
  config: Pick<Config, 'database' | 'backup'>;
  log: JobLog;
  clock?: () => Date;
}

/** 2026-11-25T13:00:00.000Z → tend-20261125-130000; sorts by time in a file listing. */
function fileStem(at: Date): string {
  return `tend-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`;
}

/**
 * Backups into BACKUP_DIR every BACKUP_INTERVAL_HOURS, through the job runner: one job per slot (its
 * key is the slot), so however many instances run, each slot is backed up once. The newest
 * BACKUP_KEEP scheduled backups are kept; older files are deleted.
 */
export function scheduleBackups({
  db,
  jobs,
  config,
  log,
  clock = () => new Date(),
}: ScheduledBackupOptions) {
  const dir = config.backup.dir;
  const intervalMs = config.backup.intervalHours * 60 * 60_000;
  const extension = config.database.kind === 'sqlite' ? 'sqlite' : 'pgdump';

  async function planAfter(now: Date) {
    const slot = Math.floor(now.getTime() / intervalMs) + 1;
    await enqueueJob(db.kysely, {
      key: `${BACKUP_JOB}:${slot}`,
      kind: BACKUP_JOB,
      runAt: new Date(slot * intervalMs),
      payload: {},
    });
  }

  if (dir) {
    jobs.register(BACKUP_JOB, {
      maxAttempts: 4,
      async run(_payload, job) {
        // The next one is planned first, so a backup that keeps failing does not end the schedule.
        await planAfter(clock());
        await mkdir(dir, { recursive: true });
        const file = `${fileStem(job.runAt)}.${extension}`;
        const target = path.join(dir, file);
        // A retry after a crash between writing and recording finds its file already there.
        await rm(target, { force: true });
        const { size } = await writeBackup(config, target);
        let outdated: { id: string; file: string }[] = [];
        await job.complete(async (trx) => {
          await recordBackup(trx, { kind: 'scheduled', file, size, finishedAt: clock() });
          outdated = await scheduledBeyond(trx, config.backup.keep);
          for (const old of outdated) await forgetBackup(trx, old.id);
        });
        for (const old of outdated)
          await rm(path.join(dir, path.basename(old.file)), { force: true });
        log.info({ size, removed: outdated.length }, 'scheduled backup written');
      },
    });
  }

  return {
    /** Plans the next backup; every instance calls it on start, and the job key makes it one job. */
    async start(): Promise<void> {
      if (!dir) return;
      try {
        await planAfter(clock());
      } catch (error) {
        // The database went away at start-up: the next start, or the next backup, plans again.
        log.warn({ failure: failureLabel(error) }, 'could not plan the next scheduled backup');
      }
    },
  };
}
