import { open } from 'node:fs/promises';

/** What a backup file holds, told by its first bytes (never by its name). */
export type BackupKind = 'sqlite' | 'postgres';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
// pg_dump's custom format starts with these five bytes.
const PG_CUSTOM_MAGIC = Buffer.from('PGDMP', 'latin1');

export class BackupError extends Error {}

export async function backupKindOf(file: string): Promise<BackupKind> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(SQLITE_MAGIC.length);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `There is no file at ${file}.`
        : `Cannot read ${file} (${code ?? 'unknown error'}).`,
    );
  }
  if (head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return 'sqlite';
  if (head.subarray(0, PG_CUSTOM_MAGIC.length).equals(PG_CUSTOM_MAGIC)) return 'postgres';
  throw new BackupError(
    `${file} is not a Tend backup: it is neither a SQLite database nor a pg_dump custom-format file.`,
  );
}

export const KIND_WORDS: Record<BackupKind, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};
