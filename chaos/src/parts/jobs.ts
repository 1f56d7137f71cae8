/**
 * jobs: two Tend processes on one PostgreSQL database run the job queue together. 100 dose reminders
 * fall due at one instant; one instance is killed (kill -9) just as they do, with jobs in its hands.
 * Every reminder must still arrive exactly once: the survivor takes over the dead one's jobs when
 * their lease runs out, and a job's notification is committed together with marking it done.
 */
import { register } from '../accounts.ts';
import { Client, describeAnswer } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startTwoTends } from '../server.ts';

const MEDICATIONS = 100;
const LEASE_MS = 5_000;
/** How long after the due instant every reminder must be there (the lease plus polling and slack). */
const DEADLINE_MS = LEASE_MS + 20_000;

/** Polls of the survivor that may go unanswered (each asked again) before the part fails. */
const MAX_UNANSWERED = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next whole UTC minute at least `ahead` ms from now, and its HH:MM. */
function nextMinute(ahead: number): { at: Date; hhmm: string } {
  const at = new Date(Date.now() + ahead);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  return { at, hhmm: at.toISOString().slice(11, 16) };
}

export async function runJobs(postgresAdminUrl: string): Promise<PartResult> {
  const [doomed, survivor] = await startTwoTends('jobs', postgresAdminUrl, {
    TRUST_PROXY: 'true',
    JOBS_POLL_MS: '100',
    JOBS_LEASE_MS: String(LEASE_MS),
  });
  const a = new Client(doomed.baseUrl, 4);
  const b = new Client(survivor.baseUrl, 4);
  const expectations = new Expectations();
  try {
    const patient = await register(a, 'patient', 'jobs');
    const as = { token: patient.token, ip: patient.ip };
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < MEDICATIONS; i++) {
      const added = await a.call({
        method: 'POST',
        path: '/api/v1/medications',
        body: {
          name: `Chaos pill ${i}`,
          startdate: yesterday,
          enddate: null,
          timefrequency: 'day',
        },
        ...as,
      });
      if (added.status !== 201) throw new Error(`adding a medication: ${describeAnswer(added)}`);
    }
    // Every day dose now falls due at the next whole minute (at least 15 s away).
    const due = nextMinute(15_000);
    const saved = await b.call({
      method: 'PUT',
      path: '/api/v1/me/notification-settings',
      body: {
        email: false,
        push: false,
        remindertimes: { day: due.hhmm, afternoon: '14:00', night: '21:00' },
      },
      ...as,
    });
    if (saved.status !== 200) throw new Error(`saving settings: ${describeAnswer(saved)}`);

    await sleep(due.at.getTime() - Date.now() + 150);
    await doomed.crash();

    // Polls the survivor. An answer that never came is asked again: a keep-alive socket left idle
    // through the wait can be closed by the server just as it is reused (a client-side race, not the
    // survivor failing); any other answer than 200 is this part's failure, said in words.
    let unanswered = 0;
    const count = async (): Promise<string[]> => {
      for (;;) {
        const answer = await b.call({
          method: 'GET',
          path: '/api/v1/notifications?limit=100',
          ...as,
        });
        if (answer.status === 0 && unanswered < MAX_UNANSWERED) {
          unanswered += 1;
          await sleep(250);
          continue;
        }
        const list = (answer.body as { notifications?: { kind: string; title: string }[] })
          ?.notifications;
        if (answer.status !== 200 || !Array.isArray(list)) {
          throw new Error(`the survivor's notifications: ${describeAnswer(answer)}`);
        }
        return list.filter((n) => n.kind === 'dose_reminder').map((n) => n.title);
      }
    };
    let titles = await count();
    while (titles.length < MEDICATIONS && Date.now() < due.at.getTime() + DEADLINE_MS) {
      await sleep(250);
      titles = await count();
    }
    const arrivedAfterMs = Date.now() - due.at.getTime();
    // Longer than a lease more: nothing may arrive twice once everything arrived.
    await sleep(LEASE_MS + 2_000);
    titles = await count();
    const distinct = new Set(titles).size;
    expectations.expect(
      titles.length === MEDICATIONS && distinct === MEDICATIONS,
      () =>
        `${titles.length} dose reminders arrived (${distinct} different) for ${MEDICATIONS} doses due at once, one instance killed at the due time`,
    );
    expectations.expect(
      survivor.exitReason() === undefined,
      () => `the surviving instance ended: ${survivor.exitReason() ?? ''}`,
    );
    return {
      part: 'jobs',
      database: 'PostgreSQL',
      figures: [
        ['doses due at one instant', MEDICATIONS],
        ['reminders delivered', titles.length],
        ['different medications reminded', distinct],
        ['all there after (ms)', arrivedAfterMs],
        ['polls asked again (no answer)', unanswered],
      ],
      failures: expectations.failures,
    };
  } finally {
    a.close();
    b.close();
    await survivor.stop();
  }
}
