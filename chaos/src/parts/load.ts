/**
 * load: 200 keep-alive connections, one virtual person each, a mixed workload for a minute against
 * a real Tend process; then every acknowledged write is looked for in the database.
 */
import { registerPatients } from '../accounts.ts';
import { Client, describeAnswer } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startPartTend } from '../server.ts';
import { Tally } from '../stats.ts';
import { checkWrites, Ledger, MIXED, virtualPerson } from '../workload.ts';

export interface LoadOptions {
  connections: number;
  seconds: number;
  postgresAdminUrl?: string;
}

export async function runLoad(
  database: 'sqlite' | 'postgres',
  { connections, seconds, postgresAdminUrl }: LoadOptions,
): Promise<PartResult> {
  // Each virtual person comes from its own address, as behind a proxy: per-address limits apply per person.
  const tend = await startPartTend('load', database, postgresAdminUrl, { TRUST_PROXY: 'true' });
  const { server } = tend;
  const client = new Client(server.baseUrl, connections);
  const expectations = new Expectations();
  try {
    const people = await registerPatients(client, connections, 8, 'load');
    const ledger = new Ledger();
    const tally = new Tally();
    let firstServerError: string | undefined;
    const deadline = performance.now() + seconds * 1000;
    const startedAt = performance.now();
    await Promise.all(
      people.map((person, index) =>
        virtualPerson(client, person, index, {
          mix: MIXED,
          ledger,
          running: () => performance.now() < deadline,
          onOutcome: (outcome) => {
            tally.add(outcome);
            if (
              (outcome.answer.status >= 500 || outcome.answer.status === 0) &&
              !firstServerError
            ) {
              firstServerError = `${outcome.action}: ${describeAnswer(outcome.answer)}`;
            }
          },
        }),
      ),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    client.close();
    expectations.expect(
      server.exitReason() === undefined,
      () => `Tend exited (${server.exitReason()}) under load`,
    );
    await server.stop();

    expectations.expect(
      tally.serverErrors === 0,
      () => `${tally.serverErrors} answers were 5xx; the first: ${firstServerError}`,
    );
    expectations.expect(
      tally.noAnswer === 0,
      () => `${tally.noAnswer} requests got no answer; the first: ${firstServerError}`,
    );
    expectations.expect(
      tally.unexpected429 === 0,
      () => `${tally.unexpected429} answers were 429 where no limit applies`,
    );
    const writes = await checkWrites(ledger, tend.store(), expectations);
    return {
      part: 'load',
      database: database === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      figures: [
        ['connections', connections],
        ['seconds', Math.round(elapsed)],
        ['requests', tally.total],
        ['requests/s', Math.round(tally.total / elapsed)],
        ['statuses', tally.describeStatuses()],
        ['5xx', tally.serverErrors],
        ['no answer', tally.noAnswer],
        ['429 (sign-in limit)', tally.expected429],
        ['429 elsewhere', tally.unexpected429],
        ...writes,
      ],
      failures: expectations.failures,
    };
  } finally {
    client.close();
    await server.stop();
  }
}
