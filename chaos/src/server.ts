import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/lib/tend-server.ts';
import { defer } from './cleanup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

// Last resort when the run dies without its cleanup: never leave a server holding a port.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Shared by instances that must accept each other's tokens. */
  tokenSecret: string;
  extraEnv?: Record<string, string>;
}

/** A real Tend process (apps/api/src/main.ts, as production runs it) on a free port. */
export interface TendProcess {
  baseUrl: string;
  /** Undefined while it runs; then how it ended ("code 1", "signal SIGKILL"). */
  exitReason(): string | undefined;
  /** The last few kilobytes it wrote, for the report when something goes wrong. */
  output(): string;
  stop(): Promise<void>;
  /** kill -9: no shutdown hooks, no flushing, as a power cut or the OOM killer would. */
  crash(): Promise<void>;
}

export function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-chaos-'));
  defer(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

export async function startTend(options: ServerOptions): Promise<TendProcess> {
  const port = await freePort();
  // A minimal environment: a DATABASE_URL or NODE_ENV left in the caller's shell must not change the run.
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      TOKEN_SECRET: options.tokenSecret,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);
  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      exitReason = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
  });

  const stop = async () => {
    if (exitReason) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const crash = async () => {
    if (exitReason) return;
    child.kill('SIGKILL');
    await exited;
  };
  defer(stop);

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitReason) throw new Error(`Tend exited (${exitReason}) on start:\n${output.trim()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) {
        return { baseUrl, exitReason: () => exitReason, output: () => output, stop, crash };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`Tend was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.trim()}`);
}
