import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defer } from '../../scripts/lib/cleanup.ts';
import { repoRoot, startChild, type ChildServer } from '../../scripts/lib/child-server.ts';
import { freshDatabase } from './postgres.ts';
import { postgresStore, sqliteStore, type Store } from './store.ts';

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Shared by instances that must accept each other's tokens. */
  tokenSecret: string;
  extraEnv?: Record<string, string>;
}

/** A real Tend process (apps/api/src/serve.js, as production runs it) on a free port. */
export type TendProcess = ChildServer;

export function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-chaos-'));
  defer(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function startTend(options: ServerOptions): Promise<TendProcess> {
  return startChild({
    name: 'Tend',
    script: path.join(repoRoot, 'apps/api/src/serve.js'),
    env: {
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      TOKEN_SECRET: options.tokenSecret,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.extraEnv,
    },
    readyPath: '/api/v1/health',
    onSpawn: defer,
  });
}

/** A part's own Tend: a fresh data folder and, on PostgreSQL, a fresh database. */
export interface PartTend {
  server: TendProcess;
  /** Set on PostgreSQL. */
  databaseUrl: string | undefined;
  /** What its database holds, to read after the fact. */
  store(): Store;
}

export async function startPartTend(
  part: string,
  database: 'sqlite' | 'postgres',
  postgresAdminUrl: string | undefined,
  extraEnv: Record<string, string>,
): Promise<PartTend> {
  const dataDir = newDataDir();
  const databaseUrl =
    database === 'postgres' ? await freshDatabase(postgresAdminUrl ?? '', part) : undefined;
  const server = await startTend({
    dataDir,
    tokenSecret: newTokenSecret(),
    ...(databaseUrl ? { databaseUrl } : {}),
    extraEnv,
  });
  return {
    server,
    databaseUrl,
    store: () =>
      databaseUrl ? postgresStore(databaseUrl) : sqliteStore(path.join(dataDir, 'tend.db')),
  };
}

/**
 * Two Tend processes on one fresh PostgreSQL database, as behind a load balancer: each with a data
 * folder of its own, both accepting each other's tokens.
 */
export async function startTwoTends(
  part: string,
  postgresAdminUrl: string,
  extraEnv: Record<string, string>,
): Promise<[TendProcess, TendProcess]> {
  const databaseUrl = await freshDatabase(postgresAdminUrl, part);
  const options = { tokenSecret: newTokenSecret(), databaseUrl, extraEnv };
  const one = await startTend({ ...options, dataDir: newDataDir() });
  return [one, await startTend({ ...options, dataDir: newDataDir() })];
}
