import { spawn } from 'node:child_process';
import { BackupError } from './backup-file.ts';

/**
 * How pg_dump and pg_restore reach the database: the URL without its password on the command line
 * (where `ps` would show it to every user of the machine), the password in the child's environment.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs a PostgreSQL client program; a failure says which program and its last line of complaint. */
export function runPgTool(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  setting: 'PG_DUMP' | 'PG_RESTORE',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${program} was not found. Install PostgreSQL's client programs (Debian: apt-get install postgresql-client) or set ${setting} to its path.`
            : `${program} could not be started (${error.code ?? 'unknown error'}).`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.trim().split('\n').filter(Boolean);
      const last = lines.at(-1) ?? `it ended with exit code ${String(code)}`;
      reject(new BackupError(`${program} failed: ${last}`));
    });
  });
}
