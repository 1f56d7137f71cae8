import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, backup } from 'node:sqlite';
import { BackupError } from './backup-file.ts';
import { assertKnownMigrations } from './migration-check.ts';

// Every page in one step: one read transaction sees one moment of the database, and writes by the
// running Tend (WAL lets them go on meanwhile) cannot restart the copy the way page-by-page steps are.
const ALL_PAGES = 2 ** 31 - 1;
const BUSY_TIMEOUT_MS = 5000;

function openExisting(file: string, what: string, readOnly: boolean): DatabaseSync {
  if (!existsSync(file)) throw new BackupError(`There is no ${what} at ${file}.`);
  const db = new DatabaseSync(file, { readOnly });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

function quickCheck(db: DatabaseSync, file: string): void {
  const row = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
  if (row?.quick_check !== 'ok') {
    throw new BackupError(`${file} is damaged: SQLite's integrity check did not pass.`);
  }
}

function tableCount(db: DatabaseSync): number {
  const row = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
    n: number;
  };
  return Number(row.n);
}

/** A consistent copy of the live SQLite database at `destination` (which must not exist yet). */
export async function backupSqlite(databaseFile: string, destination: string): Promise<void> {
  const source = openExisting(databaseFile, 'Tend database', false);
  try {
    await backup(source, destination, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  // The copy inherits WAL mode; a rollback journal makes it one self-contained file with no -wal or
  // -shm beside it, which is what a person copying a backup around expects.
  const copy = new DatabaseSync(destination);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
    quickCheck(copy, destination);
  } finally {
    copy.close();
  }
}

/** Restores a SQLite backup into `databaseFile`, which must be missing or hold no tables. */
export async function restoreSqlite(backupFile: string, databaseFile: string): Promise<void> {
  if (existsSync(databaseFile)) {
    const target = openExisting(databaseFile, 'database', true);
    let tables: number;
    try {
      tables = tableCount(target);
    } finally {
      target.close();
    }
    if (tables > 0) {
      throw new BackupError(
        `Refusing to restore: the database at ${databaseFile} is not empty (it has ${tables} tables). Restore only into an empty database: stop Tend and move that file away, or point DATA_DIR at an empty folder.`,
      );
    }
  }
  const source = openExisting(backupFile, 'backup', true);
  try {
    mkdirSync(path.dirname(databaseFile), { recursive: true });
    quickCheck(source, backupFile);
    const hasMigrations = source
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations)
      throw new BackupError(`${backupFile} is a SQLite file but not a Tend backup.`);
    const names = source.prepare('select name from kysely_migration').all() as { name: string }[];
    assertKnownMigrations(names.map((n) => n.name));
    await backup(source, databaseFile, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
}
