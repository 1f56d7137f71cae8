import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startChild, type ChildServer } from '../../scripts/lib/child-server.ts';

export { repoRoot };

export interface TendServer extends ChildServer {
  database: 'sqlite' | 'postgres';
  dataDir: string;
}

export function startBaseline(): Promise<ChildServer> {
  return startChild({
    name: 'raw node:http',
    script: path.join(import.meta.dirname, 'http-baseline.ts'),
    env: {},
    readyPath: '/',
  });
}

/** A fresh temporary DATA_DIR; the caller removes it with removeDataDir() once Tend has stopped. */
export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'tend-bench-'));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Tend as production runs it, on the given DATA_DIR (where its SQLite database lives) or, with a
 * URL, on PostgreSQL. The database may already hold data: Tend migrates it on start.
 */
export async function startTend(
  dataDir: string,
  databaseUrl?: string,
  /** Settings beyond the production defaults, e.g. SQLITE_SYNCHRONOUS for the durability figure. */
  settings: Record<string, string> = {},
): Promise<TendServer> {
  const database = databaseUrl ? 'postgres' : 'sqlite';
  const server = await startChild({
    name: `Tend (${[database, ...Object.values(settings)].join(', ')})`,
    script: path.join(repoRoot, 'apps/api/src/serve.js'),
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      // Request logs at info would measure the logger and flood the terminal.
      LOG_LEVEL: 'warn',
      // No job runner: the figures are of request paths. With it, the seeded 1 000 000 medications would
      // get their reminders planned and sent during the measurement (the jobs chaos part covers jobs).
      JOBS_POLL_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...settings,
    },
    readyPath: '/api/v1/health',
  });
  return { ...server, database, dataDir };
}
