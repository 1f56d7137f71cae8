import { addDays, isDueOn, localDate, type ReminderTimes } from '@tend/shared';
import { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { cancelJobs, planJob } from '../../jobs/enqueue.ts';
import type { JobContext, JobHandler } from '../../jobs/runner.ts';
import type { Dialect } from '../../db/database.ts';
import type { Capabilities } from '../capabilities.ts';
import { findMedication, findPatientForPlanning, takenOn } from './repo.ts';
import { localInstant, type DoseWindow } from './schedule.ts';

export const MISSED_DOSE_JOB = 'missed_dose_alert';

/** One alert per caregiver relation and dose: the job's key, and the key of what it sends. */
export const missedDoseKey = (linkId: string, medicationId: string, date: string) =>
  `missed:${linkId}:${medicationId}:${date}`;

const missedDosePayload = z.object({
  linkId: z.string(),
  medicationId: z.string(),
  date: z.string(),
});
export type MissedDosePayload = z.infer<typeof missedDosePayload>;

/** A caregiver who wants missed-dose alerts of the patient (the caregivers module answers). */
export type Watcher = Awaited<ReturnType<Capabilities['missedDoseWatchers']>>[number];

/** What the caregivers module does for these alerts (capabilities handed in at composition). */
export interface MissedDoseNeeds {
  watchersOf: Capabilities['missedDoseWatchers'];
  alert: Capabilities['alertMissedDose'];
}

const MINUTE_MS = 60_000;
/** An alert over an hour late (Tend was down) tells of a dose that may be long settled. */
const ALERT_STALE_MS = 60 * MINUTE_MS;

/**
 * The missed-dose alerts one medication should have queued at `now`, for the patient's today and
 * tomorrow: one per watching caregiver and day that is due and not ticked, `delay` minutes after the
 * dose's reminder time, while that is still to come (a dose whose time passed a minute ago still
 * gets its alert). Keys of the days that should have none are returned to cancel.
 */
export function plannedMissedDoseAlerts(o: {
  medication: DoseWindow & { id: string };
  taken: ReadonlySet<string>;
  times: ReminderTimes;
  timeZone: string;
  now: Date;
  watchers: readonly Watcher[];
}): { planned: { key: string; runAt: Date; payload: MissedDosePayload }[]; cancelled: string[] } {
  const today = localDate(o.now, o.timeZone);
  const planned: { key: string; runAt: Date; payload: MissedDosePayload }[] = [];
  const cancelled: string[] = [];
  for (const date of [today, addDays(today, 1)]) {
    const wanted = isDueOn(o.medication, date) && !o.taken.has(date);
    const doseAt = localInstant(date, o.times[o.medication.timefrequency], o.timeZone);
    for (const { linkId, delayMinutes } of o.watchers) {
      const key = missedDoseKey(linkId, o.medication.id, date);
      const runAt = new Date(doseAt.getTime() + delayMinutes * MINUTE_MS);
      if (!wanted) cancelled.push(key);
      else if (runAt.getTime() > o.now.getTime()) {
        planned.push({ key, runAt, payload: { linkId, medicationId: o.medication.id, date } });
      }
    }
  }
  return { planned, cancelled };
}

/**
 * Queues (or moves) the missed-dose alerts of these medications, in the planner's transaction. A
 * tick alone plans nothing here: the alert looks at the dose again when it is due.
 */
export async function planMissedDoseAlerts(
  trx: Executor,
  o: {
    medications: (DoseWindow & { id: string })[];
    taken: Map<string, Set<string>>;
    times: ReminderTimes;
    timeZone: string;
    now: Date;
    watchers: readonly Watcher[];
  },
): Promise<void> {
  if (o.watchers.length === 0) return;
  const cancelled: string[] = [];
  for (const medication of o.medications) {
    const plan = plannedMissedDoseAlerts({
      ...o,
      medication,
      taken: o.taken.get(medication.id) ?? new Set<string>(),
    });
    for (const { key, runAt, payload } of plan.planned) {
      await planJob(trx, { key, kind: MISSED_DOSE_JOB, runAt, payload, subject: medication.id });
    }
    cancelled.push(...plan.cancelled);
  }
  await cancelJobs(trx, cancelled);
}

/**
 * A caregiver's missed-dose alert: sent if the dose is still due and unticked (read under the
 * patient's row, as a tick writes it), once per relation and dose (the caregivers module claims it).
 */
export function missedDoseAlertJob(o: { dialect: Dialect; needs: MissedDoseNeeds }): JobHandler {
  async function alert(trx: Executor, p: MissedDosePayload, job: JobContext) {
    const found = await findMedication(trx, p.medicationId);
    if (!found) return;
    await lockPerson(trx, o.dialect, found.patient_id);
    const medication = await findMedication(trx, p.medicationId);
    if (!medication || !isDueOn(medication, p.date)) return;
    if ((await takenOn(trx, [medication.id], [p.date])).size > 0) return;
    const patient = await findPatientForPlanning(trx, medication.patient_id);
    if (!patient) return;
    const time = patient.remindertimes[medication.timefrequency];
    await o.needs.alert(trx, {
      linkId: p.linkId,
      patientId: medication.patient_id,
      medicationId: medication.id,
      medication: medication.name,
      day: p.date,
      doseAt: localInstant(p.date, time, patient.timezone),
      key: job.key,
    });
  }

  return {
    staleAfterMs: ALERT_STALE_MS,
    async run(raw, job) {
      const p = missedDosePayload.parse(raw);
      await job.complete((trx) => alert(trx, p, job));
    },
  };
}
