import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { startTendServer } from '../scripts/lib/tend-server.ts';
import { leakedKinds, readUsedValues, storedValues } from './support/log-privacy.ts';
import { startMailbox } from './support/mailbox.ts';

/**
 * One Tend server for the whole run; workers read its address from TEND_E2E_URL (and that of a
 * second, which requires two-step sign-in of doctors, from TEND_E2E_TWO_STEP_URL). Its log goes to a
 * file, and at the end of the run that log is searched for every email, name, medication, password and
 * token the tests used (issue 7 item 6): one found fails the run, naming only the kind of value.
 */
export default async function globalSetup() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'tend-e2e-'));
  const logFile = path.join(workDir, 'server.log');
  const usedFile = path.join(workDir, 'used-values.jsonl');
  writeFileSync(usedFile, '');
  process.env.TEND_E2E_USED_VALUES = usedFile;

  // TRUST_PROXY lets API-created test accounts come from distinct (forwarded) client addresses, so the
  // per-address registration limit applies to each as it would to different people. LOG_LEVEL info is
  // what production logs by default, so that is what the privacy check reads. Jobs are polled often, so
  // a reminder set for the next minute arrives within a moment of it (reminders.spec.ts).
  // Email goes to a real SMTP server of the run's own; tests read it from files (support/mailbox.ts).
  const mailbox = await startMailbox(path.join(workDir, 'mailbox'));
  process.env.TEND_E2E_MAILBOX = mailbox.dir;
  // The clinic that requires two-step sign-in of doctors (REQUIRE_TWO_STEP, a server setting) is a
  // second Tend, started here beside the first rather than by its test: starting Tend costs about
  // 1.5 s of CPU, and a test starting it at the suite's busiest moment (four browsers beside the API
  // suite, load average about 20 on two cores) got a few percent of a core and took 30-65 s to
  // answer its health check (measured with the same load made by busy loops). Here, before any
  // browser runs, both start in about the time one did.
  const [server, twoStepServer] = await Promise.all([
    startTendServer({
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      JOBS_POLL_MS: '250',
      SMTP_URL: mailbox.url,
    }),
    startTendServer({ REQUIRE_TWO_STEP: 'doctor', TRUST_PROXY: 'true' }),
  ]);
  process.env.TEND_E2E_URL = server.url;
  process.env.TEND_E2E_TWO_STEP_URL = twoStepServer.url;
  process.env.TEND_E2E_DATA_DIR = server.dataDir;
  const log = createWriteStream(logFile);
  server.process.stdout?.pipe(log, { end: false });
  server.process.stderr?.pipe(log, { end: false });

  return async () => {
    // Read what the server stored before stopping it: stopping deletes its data directory.
    const values = [
      ...storedValues(path.join(server.dataDir, 'tend.db')),
      ...readUsedValues(usedFile),
    ];
    await Promise.all([server.stop(), twoStepServer.stop()]);
    await mailbox.close();
    log.end();
    await once(log, 'finish');
    const leaked = leakedKinds(readFileSync(logFile, 'utf8'), values);
    if (leaked.size > 0) {
      const kinds = [...leaked].map(([kind, count]) => `${kind} (${count} distinct)`).join(', ');
      throw new Error(
        `The server log holds personal data the e2e tests used: ${kinds}. The log is kept at ${logFile}.`,
      );
    }
    rmSync(workDir, { recursive: true, force: true });
  };
}
