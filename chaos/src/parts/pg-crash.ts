/**
 * pg-crash: a PostgreSQL cluster of the part's own (initdb in a temporary folder, its own port) is
 * crashed (`pg_ctl stop -m immediate`) while Tend answers a doctor's looks at a patient's
 * medications, then while it answers failed sign-ins; started again, every answer the client
 * received must have its record in the access log (DESIGN "Audit and gates", decision 046). Each
 * request comes from an address of its own, so each answer is matched to its row. The cluster
 * flushes its WAL on its own only every 10 s (wal_writer_delay), so a record committed without
 * waiting for the flush (decision 041's synchronous_commit = off) is lost at the crash.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defer } from '../../../scripts/lib/cleanup.ts';
import { addressFor, inParallel, newPassword, register, type Person } from '../accounts.ts';
import { Client, describeAnswer } from '../http.ts';
import { withClient } from '../postgres.ts';
import { Expectations, type PartResult } from '../report.ts';
import { newDataDir, newTokenSecret, startTend } from '../server.ts';

const run = promisify(execFile);

/** Concurrent doctors' looks, and concurrent failed sign-ins, during each load. */
const LOOKERS = 16;
const SIGNERS = 8;
/** How long each load runs before the crash. */
const LOAD_MS = 3000;
/** Addresses of the load's requests start here (register() uses the low ones). */
const FIRST_ADDRESS = 1 << 20;

/** PostgreSQL's server programs: CHAOS_POSTGRES_BIN, or the newest of Debian's. */
export function postgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHAOS_POSTGRES_BIN) return env.CHAOS_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export const PG_CRASH_SKIPPED =
  'no PostgreSQL server programs (initdb, pg_ctl): set CHAOS_POSTGRES_BIN to their folder';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Cluster {
  url: string;
  crash(): Promise<void>;
  start(): Promise<void>;
}

/** A cluster of its own in a temporary folder, removed (after an immediate stop) by the cleanup. */
async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-chaos-pg-'));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  // PostgreSQL refuses to run as root: as root, the cluster is the postgres user's.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: dir })
      : run(path.join(bin, program), args, { cwd: dir });
  const data = path.join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-c port=${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    // The WAL writer flushes what nobody waited for only this often.
    '-c wal_writer_delay=10s',
    '-c max_connections=40',
    '-c shared_buffers=32MB',
  ].join(' ');
  const pgCtl = (args: string[]) => as('pg_ctl', ['-D', data, ...args]);
  const start = async () => {
    await pgCtl(['-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  };
  const crash = async () => {
    await pgCtl(['-m', 'immediate', '-w', 'stop']);
  };
  defer(() => crash().catch(() => {}));
  await start();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, crash, start };
}

interface Load {
  /** The address of every answer of the kind sought (a look's 200 with the patient's data). */
  answered: string[];
  /** Every other answer, by status (0: none at all). */
  others: Map<number, number>;
  requests: number;
}

/** `lanes` loops calling `call(address)` until `running()` is false. */
async function load(
  lanes: number,
  running: () => boolean,
  call: (ip: string) => Promise<{ status: number; wanted: boolean }>,
  nextAddress: () => string,
): Promise<Load> {
  const result: Load = { answered: [], others: new Map(), requests: 0 };
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (running()) {
        const ip = nextAddress();
        result.requests += 1;
        const { status, wanted } = await call(ip);
        if (wanted) result.answered.push(ip);
        else result.others.set(status, (result.others.get(status) ?? 0) + 1);
        // No answer: the server is going away; do not spin.
        if (status === 0 || status >= 500) await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return result;
}

/** Runs the load, crashes the cluster LOAD_MS into it, stops the load once the crash is done. */
async function crashDuring(
  cluster: Cluster,
  start: (running: () => boolean) => Promise<Load>,
): Promise<Load> {
  let running = true;
  const loading = start(() => running);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  await cluster.crash();
  running = false;
  const result = await loading;
  await cluster.start();
  return result;
}

async function recordedAddresses(url: string, action: string, actor: string | null) {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ ip: string }>(
      `select ip from audit_events where action = $1 and ${actor ? 'actor_id = $2' : 'true'}`,
      actor ? [action, actor] : [action],
    );
    return new Set(rows.map((r) => r.ip));
  });
}

const othersInWords = (others: Map<number, number>) =>
  [...others].map(([status, n]) => `${n}× ${status === 0 ? 'no answer' : status}`).join(', ') ||
  'none';

export async function runPgCrash(): Promise<PartResult> {
  const expectations = new Expectations();
  const bin = postgresBin();
  if (!bin) {
    return {
      part: 'pg-crash',
      database: 'PostgreSQL',
      figures: [],
      failures: [],
      skipped: PG_CRASH_SKIPPED,
    };
  }
  const cluster = await startCluster(bin);
  const tend = await startTend({
    dataDir: newDataDir(),
    databaseUrl: cluster.url,
    tokenSecret: newTokenSecret(),
    extraEnv: { TRUST_PROXY: 'true', JOBS_POLL_MS: '0' },
  });
  const client = new Client(tend.baseUrl, LOOKERS + SIGNERS);
  defer(() => client.close());
  const [doctor, patient] = (await inParallel(['doctor', 'patient'] as const, 2, (role) =>
    register(client, role, `pg-crash-${role}`),
  )) as [Person, Person];
  const shared = await client.call({
    method: 'POST',
    path: '/api/v1/care-links',
    token: patient.token,
    body: { doctorId: doctor.id },
    ip: patient.ip,
  });
  if (shared.status !== 201) throw new Error(`sharing failed: ${describeAnswer(shared)}`);
  const added = await client.call({
    method: 'POST',
    path: '/api/v1/medications',
    token: patient.token,
    body: { name: 'Metformin', dosage: '500 mg', startdate: '2026-01-01', timefrequency: 'day' },
    ip: patient.ip,
  });
  if (added.status !== 201) throw new Error(`adding a medication failed: ${describeAnswer(added)}`);

  let addresses = FIRST_ADDRESS;
  const nextAddress = () => addressFor(addresses++);
  const startedAt = performance.now();

  // The doctor's looks: a 200 that names the patient carries their data.
  const looks = await crashDuring(cluster, (running) =>
    load(
      LOOKERS,
      running,
      async (ip) => {
        const answer = await client.call({
          method: 'GET',
          path: `/api/v1/trackmedications/${patient.id}`,
          token: doctor.token,
          ip,
        });
        const body = answer.body as { patient?: { _id?: string } } | undefined;
        return {
          status: answer.status,
          wanted: answer.status === 200 && body?.patient?._id === patient.id,
        };
      },
      nextAddress,
    ),
  );
  const looked = await recordedAddresses(cluster.url, 'medications.viewed', doctor.id);
  const looksLost = looks.answered.filter((ip) => !looked.has(ip));

  // Failed sign-ins: an address never seen, so no limit applies, and a wrong password.
  const signIns = await crashDuring(cluster, (running) =>
    load(
      SIGNERS,
      running,
      async (ip) => {
        const answer = await client.call({
          method: 'POST',
          path: '/api/v1/auth/sign-in',
          body: { email: `nobody-${ip}@chaos.example.org`, password: newPassword() },
          ip,
        });
        return { status: answer.status, wanted: answer.status === 401 };
      },
      nextAddress,
    ),
  );
  const failedRecorded = await recordedAddresses(cluster.url, 'auth.sign_in_failed', null);
  const signInsLost = signIns.answered.filter((ip) => !failedRecorded.has(ip));
  const seconds = (performance.now() - startedAt) / 1000;

  expectations.expect(looks.answered.length > 0, () => 'no look was answered before the crash');
  expectations.expect(
    looksLost.length === 0,
    () =>
      `${looksLost.length} of ${looks.answered.length} looks answered with the patient's data have no record after the crash`,
  );
  expectations.expect(
    signIns.answered.length > 0,
    () => 'no failed sign-in was answered before the crash',
  );
  expectations.expect(
    signInsLost.length === 0,
    () =>
      `${signInsLost.length} of ${signIns.answered.length} failed sign-ins answered 401 have no record after the crash`,
  );
  // The load stopped once the crash was done; Tend itself must still be there.
  expectations.expect(
    tend.exitReason() === undefined,
    () => `Tend exited during the crash: ${String(tend.exitReason())}`,
  );
  return {
    part: 'pg-crash',
    database: 'PostgreSQL',
    figures: [
      ['looks answered with data', looks.answered.length],
      ['  other answers', othersInWords(looks.others)],
      ['  recorded after the crash', looked.size],
      ['  answered but not recorded', looksLost.length],
      ['failed sign-ins answered 401', signIns.answered.length],
      ['  other answers', othersInWords(signIns.others)],
      ['  recorded after the crash', failedRecorded.size],
      ['  answered but not recorded', signInsLost.length],
      ['seconds (two loads, two crashes)', seconds.toFixed(1)],
    ],
    failures: expectations.failures,
  };
}
