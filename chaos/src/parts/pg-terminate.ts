/**
 * pg-terminate: a real Tend on PostgreSQL under a steady load of reads and writes while all its
 * database connections are terminated, again and again. The process stays up, the only errors are
 * 503 (with Retry-After), service is back within 5 s of each termination, and nothing
 * acknowledged is lost.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { registerPatients } from '../accounts.ts';
import { Client, describeAnswer } from '../http.ts';
import { withClient } from '../postgres.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startPartTend } from '../server.ts';
import { Tally } from '../stats.ts';
import { checkWrites, Ledger, MIXED, virtualPerson, type Outcome } from '../workload.ts';

const PEOPLE = 20;
const ROUNDS = 5;
const ROUND_INTERVAL_MS = 2000;
const RECOVERY_LIMIT_S = 5;
/** Load keeps going this long after the last termination, to see that service stays back. */
const AFTER_MS = (RECOVERY_LIMIT_S + 1) * 1000;

export async function runPgTerminate(postgresAdminUrl: string): Promise<PartResult> {
  const tend = await startPartTend('pg_terminate', 'postgres', postgresAdminUrl, {
    TRUST_PROXY: 'true',
  });
  const { server } = tend;
  const databaseName = new URL(tend.databaseUrl ?? '').pathname.slice(1);
  const client = new Client(server.baseUrl, PEOPLE);
  const expectations = new Expectations();
  try {
    const people = await registerPatients(client, PEOPLE, 4, 'terminate');
    const ledger = new Ledger();
    const tally = new Tally();
    const outcomes: Outcome[] = [];
    let running = true;
    const load = Promise.all(
      people.map((person, index) =>
        virtualPerson(client, person, index, {
          mix: MIXED,
          ledger,
          running: () => running,
          onOutcome: (outcome) => {
            tally.add(outcome);
            outcomes.push(outcome);
          },
        }),
      ),
    );

    const terminations: number[] = [];
    let terminated = 0;
    await withClient(postgresAdminUrl, async (admin) => {
      for (let round = 0; round < ROUNDS; round++) {
        await sleep(ROUND_INTERVAL_MS);
        const result = await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        );
        terminations.push(performance.now());
        terminated += result.rows[0]?.n ?? 0;
      }
    });
    await sleep(AFTER_MS);
    running = false;
    await load;
    client.close();
    expectations.expect(
      server.exitReason() === undefined,
      () => `Tend exited (${server.exitReason()}): ${server.output().slice(-500)}`,
    );

    const ok = (o: Outcome) => o.answer.status >= 200 && o.answer.status < 300;
    const recoveries = terminations.map((at) => {
      const first = outcomes
        .filter((o) => o.startedAt >= at && ok(o))
        .sort((a, b) => a.endedAt - b.endedAt)[0];
      return first ? (first.endedAt - at) / 1000 : Infinity;
    });
    const recovery = Math.max(...recoveries);
    const last = terminations.at(-1) ?? 0;
    const stillFailing = outcomes.filter(
      (o) => o.startedAt >= last + RECOVERY_LIMIT_S * 1000 && !ok(o),
    );
    const wrongErrors = outcomes.filter(
      (o) =>
        !ok(o) &&
        !(o.answer.status === 503 && o.answer.retryAfter) &&
        !(o.answer.status === 429 && o.action === 'sign-in'),
    );
    const unavailable = tally.statuses.get(503) ?? 0;

    expectations.expect(terminated > 0, () => 'no backend of Tend was found to terminate');
    expectations.expect(
      wrongErrors.length === 0,
      () =>
        `${wrongErrors.length} errors were not 503 with Retry-After; the first: ${wrongErrors[0]?.action} ${describeAnswer(wrongErrors[0]!.answer)}; Tend logged: ${server.loggedErrors()[0] ?? 'no error'}`,
    );
    expectations.expect(
      recovery <= RECOVERY_LIMIT_S,
      () => `recovery took ${recovery.toFixed(1)} s (limit ${RECOVERY_LIMIT_S} s)`,
    );
    expectations.expect(
      stillFailing.length === 0,
      () =>
        `${stillFailing.length} requests still failed ${RECOVERY_LIMIT_S} s after the last termination`,
    );
    const writes = await checkWrites(ledger, tend.store(), expectations);
    return {
      part: 'pg-terminate',
      database: 'PostgreSQL',
      figures: [
        ['requests', tally.total],
        ['terminations', `${ROUNDS} rounds, ${terminated} backends`],
        ['statuses', tally.describeStatuses()],
        ['503', unavailable],
        ['other errors', wrongErrors.length],
        ['recovery seconds (worst)', Number.isFinite(recovery) ? recovery.toFixed(2) : 'never'],
        ['process', server.exitReason() ? `exited (${server.exitReason()})` : 'up'],
        ...writes,
      ],
      failures: expectations.failures,
    };
  } finally {
    client.close();
    await server.stop();
  }
}
