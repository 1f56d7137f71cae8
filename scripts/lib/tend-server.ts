import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TendServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** SIGTERM, then wait for a graceful exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

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

async function waitUntilHealthy(
  url: string,
  deadline: number,
  exited: () => boolean,
): Promise<void> {
  while (Date.now() < deadline && !exited()) {
    try {
      // A server still starting may accept and not answer yet: ask again rather than wait on it.
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not healthy');
}

/**
 * Starts the real production entry point (apps/api/src/serve.js) as its own process on a free port,
 * with a throwaway data directory, and resolves once it is listening. Used by e2e and the smoke check.
 */
export async function startTendServer(env: Record<string, string> = {}): Promise<TendServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tend-server-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/src/serve.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  try {
    // About a second on a quiet machine; in CI, beside the API suite and four browsers, it has
    // taken over 30 s.
    await waitUntilHealthy(url, Date.now() + 90_000, () => child.exitCode !== null);
  } catch {
    await stop();
    throw new Error(`Tend did not become healthy at ${url}. Its output:\n${output}`);
  }
  return { url, process: child, dataDir, stop };
}
