import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './tend-server.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** Error lines kept for a report, and how much of each (a stack is long). */
const MAX_LOGGED_ERRORS = 10;
const MAX_LINE = 2000;

// Last resort when a run dies without its cleanup: never leave a server holding a port.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A server started as its own Node process on a free port (the bench and the chaos run use it). */
export interface ChildServer {
  name: string;
  /** http://127.0.0.1:PORT, without a trailing slash. */
  baseUrl: string;
  /** The child's process id, for reading its memory from /proc. */
  pid: number;
  /** Undefined while it runs; then how it ended ("code 1", "signal SIGKILL"). */
  exitReason(): string | undefined;
  /** The last few kilobytes it wrote, for the report when something goes wrong. */
  output(): string;
  /** The first few lines it logged at level error or above (pino's 50+), kept however much follows. */
  loggedErrors(): string[];
  /** SIGTERM, and SIGKILL if it has not gone after a while. */
  stop(): Promise<void>;
  /** kill -9: no shutdown hooks, no flushing, as a power cut or the OOM killer would. */
  crash(): Promise<void>;
}

export interface ChildOptions {
  name: string;
  script: string;
  env: Record<string, string>;
  /** Polled until it answers 2xx. */
  readyPath: string;
  /** Called as soon as the process exists, so a failed start is still stopped by the caller's cleanup. */
  onSpawn?: (stop: () => Promise<void>) => void;
}

export async function startChild({
  name,
  script,
  env,
  readyPath,
  onSpawn,
}: ChildOptions): Promise<ChildServer> {
  const port = await freePort();
  // Same Node binary as the caller (the pinned Node 24), and a minimal environment: a DATABASE_URL
  // or NODE_ENV left in the caller's shell must not silently change the run.
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const loggedErrors: string[] = [];
  let partialLine = '';
  const keepTail = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    const lines = (partialLine + text).split('\n');
    // A line's start names its level: an over-long one keeps its head until its end arrives.
    partialLine = lines.pop()!.slice(0, MAX_LINE);
    for (const line of lines) {
      if (loggedErrors.length < MAX_LOGGED_ERRORS && /"level":(?:[5-9]\d)\b/.test(line))
        loggedErrors.push(line.slice(0, MAX_LINE));
    }
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
  onSpawn?.(stop);

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitReason) {
      throw new Error(`${name} exited (${exitReason}) before it was ready:\n${output.trim()}`);
    }
    try {
      const response = await fetch(baseUrl + readyPath, { signal: AbortSignal.timeout(1000) });
      if (response.ok) {
        return {
          name,
          baseUrl,
          pid: child.pid ?? 0,
          exitReason: () => exitReason,
          output: () => output,
          loggedErrors: () => [...loggedErrors],
          stop,
          crash,
        };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.trim()}`);
}
