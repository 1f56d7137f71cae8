/**
 * sqlite-crash: kill -9 a real Tend on SQLite in the middle of a write load, start it again on the
 * same DATA_DIR: every write answered 2xx must be there, and nothing half-written.
 */
import path from 'node:path';
import { registerPatients } from '../accounts.ts';
import { Client } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { newDataDir, newTokenSecret, startTend, type TendProcess } from '../server.ts';
import { Tally } from '../stats.ts';
import { sqliteStore } from '../store.ts';
import { checkWrites, Ledger, WRITES_ONLY, virtualPerson } from '../workload.ts';

const PEOPLE = 20;
/** Acknowledged writes before the kill: enough that many are in flight when it lands. */
const WRITES_BEFORE_KILL = 400;

export async function runSqliteCrash(): Promise<PartResult> {
  const dataDir = newDataDir();
  const tokenSecret = newTokenSecret();
  const options = { dataDir, tokenSecret, extraEnv: { TRUST_PROXY: 'true' } };
  const first = await startTend(options);
  const client = new Client(first.baseUrl, PEOPLE);
  const expectations = new Expectations();
  const people = await registerPatients(client, PEOPLE, 4, 'crash');
  const ledger = new Ledger();
  const tally = new Tally();
  let killed = false;
  let crashing: Promise<void> | undefined;
  await Promise.all(
    people.map((person, index) =>
      virtualPerson(client, person, index, {
        mix: WRITES_ONLY,
        ledger,
        running: () => !killed,
        onOutcome: (outcome) => {
          tally.add(outcome);
          if (!crashing && ledger.acknowledged >= WRITES_BEFORE_KILL) {
            crashing = first.crash().then(() => {
              killed = true;
            });
          }
        },
      }),
    ),
  );
  await crashing;
  client.close();
  const inFlight = tally.noAnswer;

  const restartedAt = performance.now();
  let second: TendProcess | undefined;
  let restartFailure: string | undefined;
  try {
    second = await startTend(options);
  } catch (error) {
    restartFailure = error instanceof Error ? error.message : String(error);
  }
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  expectations.expect(
    !restartFailure,
    () => `Tend did not start again after kill -9: ${restartFailure}`,
  );
  if (second) {
    const me = await fetch(`${second.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${people[0]?.token ?? ''}` },
    });
    expectations.expect(
      me.status === 200,
      () => `a session from before the crash answered ${me.status} after it`,
    );
    await second.stop();
  }

  const store = sqliteStore(path.join(dataDir, 'tend.db'));
  const integrity = (await store.rows<{ integrity_check: string }>('pragma integrity_check'))
    .map((row) => row.integrity_check)
    .join('; ');
  expectations.expect(integrity === 'ok', () => `PRAGMA integrity_check: ${integrity}`);
  const writes = await checkWrites(ledger, store, expectations);
  expectations.expect(
    tally.serverErrors === 0,
    () => `${tally.serverErrors} answers before the kill were 5xx`,
  );
  return {
    part: 'sqlite-crash',
    database: 'SQLite',
    figures: [
      ['requests', tally.total],
      ['unanswered (kill -9)', inFlight],
      ['restart seconds', restartSeconds.toFixed(1)],
      ['integrity_check', integrity],
      ['5xx', tally.serverErrors],
      ...writes,
    ],
    failures: expectations.failures,
  };
}
