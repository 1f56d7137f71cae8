import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defer } from '../../scripts/lib/cleanup.ts';
import { repoRoot, startChild, type ChildServer } from '../../scripts/lib/child-server.ts';

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
