/**
 * Issue 12's API figures beyond the throughput lines: the server's memory idle and after a minute
 * of load, and the health check's p99 while sign-ins hash passwords. Each on its own fresh Tend
 * (SQLite), so nothing measured before skews it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { defer } from '../../scripts/lib/cleanup.ts';
import { load, type Sample } from './load.ts';
import { memoryOf } from './process-memory.ts';
import { call, listScenario } from './scenarios.ts';
import { makeDataDir, removeDataDir, startTend, type TendServer } from './server.ts';

const IDLE_SETTLE_MS = 3000;
export const LOAD_SECONDS = 60;
export const SIGN_INS_PER_SECOND = 20;
const HEALTH_SECONDS = 10;
// A steady stream of health checks, as a load balancer and monitoring send them: the figure is how
// long one waits behind the sign-ins' work, not how fast the machine answers at full tilt.
const HEALTH_RATE = 200;

export interface ServerMemory {
  /** Started and migrated, nothing asked yet but the readiness check. */
  idleMb: number;
  /** Right after LOAD_SECONDS of the medication list at 10 connections. */
  afterLoadMb: number;
  loadSeconds: number;
  requestsPerSec: number;
}

export interface HealthUnderSignIns {
  health: Sample;
  signInsPerSec: number;
  signIns: number;
}

async function freshTend(settings: Record<string, string> = {}): Promise<TendServer> {
  const dataDir = makeDataDir();
  defer(() => removeDataDir(dataDir));
  const app = await startTend(dataDir, undefined, settings);
  defer(() => app.stop());
  return app;
}

export async function measureServerMemory(): Promise<ServerMemory> {
  console.error(
    'Server memory: a fresh Tend (SQLite), idle, then a minute of the medication list…',
  );
  const app = await freshTend();
  await sleep(IDLE_SETTLE_MS);
  const idleMb = memoryOf(app.pid).rssMb;
  const { headers = {} } = (await listScenario.setup?.(app)) ?? {};
  const sample = await load(
    app.baseUrl + listScenario.path,
    { headers },
    { seconds: LOAD_SECONDS, connections: 10 },
  );
  const afterLoadMb = memoryOf(app.pid).rssMb;
  await app.stop();
  return { idleMb, afterLoadMb, loadSeconds: LOAD_SECONDS, requestsPerSec: sample.requestsPerSec };
}

/** The people signing in, taking turns. */
const SIGNERS = 20;

/**
 * SIGN_INS_PER_SECOND sign-ins (each an argon2id check of 19 MiB) while the health check is asked
 * HEALTH_RATE times a second: password hashing must stay off the event loop. TRUST_PROXY lets each
 * sign-in come from its own X-Forwarded-For address, inside the per-address limit.
 */
export async function measureHealthDuringSignIns(): Promise<HealthUnderSignIns> {
  console.error(`Health check while ${SIGN_INS_PER_SECOND} sign-ins a second hash passwords…`);
  const app = await freshTend({ TRUST_PROXY: 'true' });
  const password = 'bench passphrase 2026';
  // Each attempt is counted before its password is checked (so parallel guesses cannot slip
  // through), and an account takes five at once from unknown clients: on a slow machine more
  // sign-ins of one account than that are still hashing at a time. Spread over several people, as
  // a clinic's are; each keeps well inside its own count.
  const emails = Array.from({ length: SIGNERS }, (_, i) => `bench-signer-${i}@example.org`);
  // Each from an address of its own: one address may sign up ten people an hour.
  for (const [n, email] of emails.entries()) {
    await call(app, 'POST', '/api/v1/auth/register', 201, {
      from: `10.24.0.${n + 1}`,
      body: { email, firstname: 'Bench', lastname: 'Signer', password, userType: 'patient' },
    });
  }
  let sent = 0;
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const signIn = async (n: number) => {
    const response = await fetch(`${app.baseUrl}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ email: emails[n % SIGNERS], password }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) failures.push(String(response.status));
  };
  const started = Date.now();
  const timer = setInterval(() => {
    const promise = signIn(++sent).catch((error: unknown) => {
      failures.push(error instanceof Error ? error.message : String(error));
    });
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }, 1000 / SIGN_INS_PER_SECOND);
  let health: Sample;
  try {
    health = await load(
      `${app.baseUrl}/api/v1/health`,
      {},
      { seconds: HEALTH_SECONDS, connections: 10, overallRate: HEALTH_RATE },
    );
  } finally {
    clearInterval(timer);
  }
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(inFlight);
  await app.stop();
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${sent} sign-ins failed: ${failures.slice(0, 3).join(', ')}`,
    );
  }
  return { health, signIns: sent, signInsPerSec: sent / seconds };
}
