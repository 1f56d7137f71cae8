import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ChildServer {
  name: string;
  /** http://127.0.0.1:PORT, without a trailing slash. */
  baseUrl: string;
  /** The child's process id, for reading its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

export interface TendServer extends ChildServer {
  database: 'sqlite' | 'postgres';
  dataDir: string;
}

// Last resort when the bench dies without running its cleanup: never leave a server holding a port.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Asks the OS for a free port. Another process could take it before the child binds; the child would then exit and say so. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

interface ChildOptions {
  name: string;
  script: string;
  env: Record<string, string>;
  /** Polled until it answers 2xx. */
  readyPath: string;
}

export async function startChild({
  name,
  script,
  env,
  readyPath,
}: ChildOptions): Promise<ChildServer> {
  const port = await freePort();
  // Same Node binary as the bench (the pinned Node 24), and a minimal environment: a DATABASE_URL or
  // NODE_ENV left in the caller's shell must not silently change what is measured.
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(signal ? `signal ${signal}` : `code ${code}`);
    });
  });
  let exitReason: string | undefined;
  void exited.then((reason) => (exitReason = reason));

  const stop = async () => {
    if (exitReason) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitReason) {
      throw new Error(`${name} exited (${exitReason}) before it was ready:\n${output.trim()}`);
    }
    try {
      const response = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { name, baseUrl, pid: child.pid ?? 0, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.trim()}`);
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
    script: path.join(repoRoot, 'apps/api/src/main.ts'),
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      // Request logs at info would measure the logger and flood the terminal.
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...settings,
    },
    readyPath: '/api/v1/health',
  });
  return { ...server, database, dataDir };
}
