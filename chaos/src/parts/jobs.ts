/**
 * jobs: two Tend processes on one PostgreSQL database run the job queue together. 100 dose reminders
 * fall due at one instant, and with them 50 missed-dose alerts to the patient's caregiver (afternoon
 * doses whose time was 15 minutes earlier, the caregiver's delay); one instance is killed (kill -9)
 * just as they do, with jobs in its hands. Every reminder and every alert must still arrive exactly
 * once: the survivor takes over the dead one's jobs when their lease runs out, and a job's
 * notification is committed together with marking it done (an alert with its claim too).
 */
import { register, type Person } from '../accounts.ts';
import { Client, describeAnswer } from '../http.ts';
import { Expectations, type PartResult } from '../report.ts';
import { startTwoTends } from '../server.ts';

const MEDICATIONS = 100;
/** Afternoon doses left unticked, whose caregiver alerts fall due with the day doses' reminders. */
const MISSED = 50;
/** The caregiver's delay: the shortest Tend allows. */
const ALERT_DELAY_MINUTES = 15;
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

/** HH:MM `minutes` before `at` (UTC). */
const hhmmBefore = (at: Date, minutes: number) =>
  new Date(at.getTime() - minutes * 60_000).toISOString().slice(11, 16);

/** The patient invites a caregiver for their medications with missed-dose alerts; they accept. */
async function caregiverOf(client: Client, patient: Person, carer: Person): Promise<void> {
  const invited = await client.call({
    method: 'POST',
    path: '/api/v1/caregivers',
    body: {
      email: carer.email,
      areas: ['medications'],
      alerts: { misseddoses: true, delayminutes: ALERT_DELAY_MINUTES },
    },
    token: patient.token,
    ip: patient.ip,
  });
  if (invited.status !== 201) throw new Error(`inviting a caregiver: ${describeAnswer(invited)}`);
  const id = (invited.body as { _id: string })._id;
  const accepted = await client.call({
    method: 'POST',
    path: `/api/v1/caregivers/${id}/accept`,
    body: {},
    token: carer.token,
    ip: carer.ip,
  });
  if (accepted.status !== 200) throw new Error(`accepting: ${describeAnswer(accepted)}`);
}

async function addMedications(
  client: Client,
  patient: Person,
  count: number,
  name: string,
  timefrequency: 'day' | 'afternoon',
): Promise<void> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < count; i++) {
    const added = await client.call({
      method: 'POST',
      path: '/api/v1/medications',
      body: { name: `${name} ${i}`, startdate: yesterday, enddate: null, timefrequency },
      token: patient.token,
      ip: patient.ip,
    });
    if (added.status !== 201) throw new Error(`adding a medication: ${describeAnswer(added)}`);
  }
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
    const carer = await register(a, 'patient', 'jobs-carer');
    const as = { token: patient.token, ip: patient.ip };
    await caregiverOf(a, patient, carer);
    await addMedications(a, patient, MEDICATIONS, 'Chaos pill', 'day');
    await addMedications(a, patient, MISSED, 'Chaos afternoon pill', 'afternoon');
    // Every day dose now falls due at the next whole minute (at least 15 s away), and every
    // afternoon dose was due 15 minutes before it: its caregiver alert falls due at that minute.
    const due = nextMinute(15_000);
    const afternoon = hhmmBefore(due.at, ALERT_DELAY_MINUTES);
    // Near midnight the afternoon time would be yesterday's: its alert was due yesterday, not now.
    const alertsDue = afternoon < due.hhmm;
    const saved = await b.call({
      method: 'PUT',
      path: '/api/v1/me/notification-settings',
      body: {
        email: false,
        push: false,
        remindertimes: {
          day: due.hhmm,
          afternoon: alertsDue ? afternoon : '14:00',
          night: '21:00',
        },
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
    const titlesOf = async (
      who: Person,
      kept: (n: { kind: string; link: string }) => boolean,
    ): Promise<string[]> => {
      for (;;) {
        const answer = await b.call({
          method: 'GET',
          path: '/api/v1/notifications?limit=100',
          token: who.token,
          ip: who.ip,
        });
        if (answer.status === 0 && unanswered < MAX_UNANSWERED) {
          unanswered += 1;
          await sleep(250);
          continue;
        }
        const list = (
          answer.body as { notifications?: { kind: string; title: string; link: string }[] }
        )?.notifications;
        if (answer.status !== 200 || !Array.isArray(list)) {
          throw new Error(`the survivor's notifications: ${describeAnswer(answer)}`);
        }
        return list.filter(kept).map((n) => n.title);
      }
    };
    const count = () => titlesOf(patient, (n) => n.kind === 'dose_reminder');
    const alertsExpected = alertsDue ? MISSED : 0;
    const countAlerts = () =>
      titlesOf(carer, (n) => n.kind === 'caregiver' && n.link.startsWith('/patient?patientId='));
    let titles = await count();
    let alerts = await countAlerts();
    while (
      (titles.length < MEDICATIONS || alerts.length < alertsExpected) &&
      Date.now() < due.at.getTime() + DEADLINE_MS
    ) {
      await sleep(250);
      titles = await count();
      alerts = await countAlerts();
    }
    const arrivedAfterMs = Date.now() - due.at.getTime();
    // Longer than a lease more: nothing may arrive twice once everything arrived.
    await sleep(LEASE_MS + 2_000);
    titles = await count();
    alerts = await countAlerts();
    const distinct = new Set(titles).size;
    const distinctAlerts = new Set(alerts).size;
    expectations.expect(
      titles.length === MEDICATIONS && distinct === MEDICATIONS,
      () =>
        `${titles.length} dose reminders arrived (${distinct} different) for ${MEDICATIONS} doses due at once, one instance killed at the due time`,
    );
    expectations.expect(
      alerts.length === alertsExpected && distinctAlerts === alertsExpected,
      () =>
        `${alerts.length} missed-dose alerts arrived (${distinctAlerts} different) for ${alertsExpected} unticked doses whose caregiver alert fell due at once, one instance killed at the due time`,
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
        ['missed-dose alerts due at that instant', alertsExpected],
        ['missed-dose alerts delivered', alerts.length],
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
