import { addDays, localDate } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { cancelJobs, cancelJobsAbout, planJob } from '../../jobs/enqueue.ts';
import { MISSED_DOSE_JOB, planMissedDoseAlerts, type Watcher } from './missed-doses.ts';
import { findAppointment, findPatientForPlanning, runningMedicationsOf, takenOn } from './repo.ts';
import { RUN_OUT_NOTICE_DAYS, runOutOutlook, type SupplyOf } from './run-out.ts';
import { plannedDoseReminders, plannedVisitReminders, type VisitReminderName } from './schedule.ts';

export const DOSE_JOB = 'dose_reminder';
export const VISIT_JOB = 'visit_reminder';
export const RUN_OUT_JOB = 'supply_run_out';

export const doseKey = (medicationId: string, date: string) => `dose:${medicationId}:${date}`;
export const followUpKey = (medicationId: string, date: string) =>
  `dose-followup:${medicationId}:${date}`;
/** With the start in it, so a visit moved (and accepted again) gets reminders for its new time. */
export const visitKey = (appointmentId: string, start: string, name: string) =>
  `visit:${appointmentId}:${start}:${name}`;

/** With the units handed over in it, so each dispensing's supply gets a reminder of its own. */
export const runOutKey = (prescriptionId: string, supplied: number) =>
  `run-out:${prescriptionId}:${String(supplied)}`;

export interface RunOutJobPayload {
  prescriptionId: string;
}

export interface DoseJobPayload {
  medicationId: string;
  date: string;
  variant: 'first' | 'followup' | 'snoozed';
}

export interface VisitJobPayload {
  appointmentId: string;
  /** The start the reminder was planned for; a moved visit's old reminders find it changed. */
  start: string;
  name: VisitReminderName;
}

/**
 * Keeps the queued reminders in step with the data they are about. Each function looks at the current
 * state and plans what should be queued (moving pending jobs to new times) and cancels what should not,
 * inside the caller's transaction, so it may be called after any change, as often as wanted.
 */
export interface PlannerNeeds {
  clock: () => Date;
  dialect: Dialect;
  /** A prescription's dispensed supply (the prescriptions module), for its "running out" reminder. */
  supplyOf: SupplyOf;
  /** The patient's caregivers who want missed-dose alerts (the caregivers module). */
  watchersOf: (trx: Executor, patientId: string) => Promise<Watcher[]>;
}

export function createReminderPlanner({ clock, dialect, supplyOf, watchersOf }: PlannerNeeds) {
  return {
    /**
     * A patient's dose reminders for their today and tomorrow, and their caregivers' missed-dose
     * alerts; `medicationIds` limits it to those, `onlyDay` to that one of the two (a dose ticked:
     * the alerts then stay as they are, and look at the dose again when due).
     */
    async planDoses(
      trx: Executor,
      patientId: string,
      medicationIds?: string[],
      onlyDay?: string,
    ): Promise<void> {
      // One writer of a patient's dose jobs at a time: a tick, the reminder going out and the daily
      // pass each hold the patient's row before touching the queue, so they never take its rows in
      // opposite orders (PostgreSQL found that deadlock under load) and each sees the others' doses.
      await lockPerson(trx, dialect, patientId);
      const person = await findPatientForPlanning(trx, patientId);
      if (!person) return;
      const now = clock();
      const today = localDate(now, person.timezone);
      const days = [today, addDays(today, 1)].filter((day) => !onlyDay || day === onlyDay);
      const medications = await runningMedicationsOf(trx, patientId, today, medicationIds);
      // A deleted (or ended) medication loses what was queued for it.
      const gone = (medicationIds ?? []).filter((id) => !medications.some((m) => m.id === id));
      for (const id of gone) await cancelJobsAbout(trx, id, [DOSE_JOB, MISSED_DOSE_JOB]);
      if (medications.length === 0) return;
      const taken = await takenOn(
        trx,
        medications.map((m) => m.id),
        days,
      );
      const cancelled: string[] = [];
      for (const medication of medications) {
        const ticked = taken.get(medication.id) ?? new Set<string>();
        const planned = plannedDoseReminders({
          medication,
          taken: ticked,
          times: person.remindertimes,
          timeZone: person.timezone,
          now,
          onlyDay,
        });
        for (const date of days) {
          const due = planned.find((p) => p.date === date);
          if (due) {
            const payload: DoseJobPayload = { medicationId: medication.id, date, variant: 'first' };
            await planJob(trx, {
              key: doseKey(medication.id, date),
              kind: DOSE_JOB,
              runAt: due.runAt,
              payload,
              subject: medication.id,
            });
          } else {
            cancelled.push(doseKey(medication.id, date));
          }
          if (ticked.has(date)) cancelled.push(followUpKey(medication.id, date));
        }
      }
      // One statement for all of them: a tick alone cancels two (its reminder and follow-up).
      await cancelJobs(trx, cancelled);
      if (onlyDay === undefined) {
        await planMissedDoseAlerts(trx, {
          medications,
          taken,
          times: person.remindertimes,
          timeZone: person.timezone,
          now,
          watchers: await watchersOf(trx, patientId),
        });
      }
    },

    /**
     * An appointment's reminders while it is accepted (24 h and 1 h before, and an online visit's
     * room opening), none otherwise.
     */
    async planVisit(trx: Executor, appointmentId: string): Promise<void> {
      await cancelJobsAbout(trx, appointmentId, [VISIT_JOB]);
      const appointment = await findAppointment(trx, appointmentId);
      if (!appointment || appointment.status !== 'accepted') return;
      const start = new Date(appointment.start_at).toISOString();
      const online = appointment.type === 'online';
      for (const { name, runAt } of plannedVisitReminders(new Date(start), clock(), online)) {
        const payload: VisitJobPayload = { appointmentId, start, name };
        await planJob(trx, {
          key: visitKey(appointmentId, start, name),
          kind: VISIT_JOB,
          runAt,
          payload,
          subject: appointmentId,
        });
      }
    },

    /**
     * After a dispensing: the "running out, request a refill" reminder of that prescription, 7 days
     * before its supply's last dose. A supply that lasts two weeks or less from the day it is
     * handed over (a course of antibiotics, say) gets none: it was meant to end.
     */
    async planRunOut(trx: Executor, prescriptionId: string): Promise<void> {
      await cancelJobsAbout(trx, prescriptionId, [RUN_OUT_JOB]);
      const now = clock();
      const supply = await supplyOf(trx, prescriptionId, now);
      const outlook = supply && (await runOutOutlook(trx, prescriptionId, supply, now));
      if (!outlook || outlook.remindOn <= addDays(outlook.today, RUN_OUT_NOTICE_DAYS)) return;
      const payload: RunOutJobPayload = { prescriptionId };
      await planJob(trx, {
        key: runOutKey(prescriptionId, outlook.supplied),
        kind: RUN_OUT_JOB,
        runAt: outlook.remindAt,
        payload,
        subject: prescriptionId,
      });
    },
  };
}

export type ReminderPlanner = ReturnType<typeof createReminderPlanner>;
