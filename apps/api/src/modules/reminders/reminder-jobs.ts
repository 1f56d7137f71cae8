import { addDays, isDueOn, localDate } from '@tend/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { textsFor } from '../../i18n/texts.ts';
import type { ActionTokens } from './action-tokens.ts';
import type { ReminderDelivery } from './delivery.ts';
import { doseReminderText, runOutReminderText, visitReminderTitle } from './messages.ts';
import {
  DOSE_JOB,
  RUN_OUT_JOB,
  VISIT_JOB,
  followUpKey,
  runOutKey,
  type DoseJobPayload,
  type ReminderPlanner,
} from './planner.ts';
import {
  deleteExpiredActions,
  doctorLocation,
  findAppointment,
  findMedication,
  findPerson,
  insertAction,
  patientsWithRunningMedications,
  takenOn,
  type ReminderPerson,
} from './repo.ts';
import { runOutOutlook } from './run-out.ts';
import { endOfLocalDay, followUpAt, neutralTime } from './schedule.ts';
import { findPrescription } from '../prescriptions/repo.ts';
import { countDispensed, latestFill } from '../prescriptions/fills-repo.ts';
import { statusAt } from '../prescriptions/view.ts';

export const PLAN_JOB = 'plan_dose_reminders';
/** Reminders later than this are dropped: an hour-old nudge helps nobody (issue 11). */
const REMINDER_STALE_MS = 60 * 60 * 1000;
const PLAN_BATCH = 200;

const doseJobPayload = z.object({
  medicationId: z.string(),
  date: z.string(),
  variant: z.enum(['first', 'followup', 'snoozed']),
});
const runOutJobPayload = z.object({ prescriptionId: z.string() });
const visitJobPayload = z.object({
  appointmentId: z.string(),
  start: z.string(),
  name: z.enum(['24h', '1h', 'open']),
});

export interface ReminderJobsOptions {
  db: Db;
  jobs: JobRunner;
  clock: () => Date;
  publicUrl: string;
  tokens: ActionTokens;
  planner: ReminderPlanner;
  deliver: ReminderDelivery;
  /** The video room of an online visit (made on first asking), for the join link. */
  visitRoom: (trx: Executor, appointmentId: string) => Promise<string | null>;
}

/** The next UTC midnight after `now`: the daily planning pass runs then. */
function nextUtcMidnight(now: Date): Date {
  return new Date(`${addDays(now.toISOString().slice(0, 10), 1)}T00:00:00.000Z`);
}

export const planJobKey = (now: Date) => `plan-doses:${now.toISOString().slice(0, 10)}`;

/** Registers the reminder job kinds: dose reminders (first, follow-up, snoozed), visit reminders, daily planning. */
export function registerReminderJobs(o: ReminderJobsOptions) {
  const { jobs, tokens, planner, deliver } = o;

  jobs.register(DOSE_JOB, {
    staleAfterMs: REMINDER_STALE_MS,
    async run(raw, job) {
      const p: DoseJobPayload = doseJobPayload.parse(raw);
      await job.complete(async (trx) => {
        const found = await findMedication(trx, p.medicationId);
        if (!found) return;
        // The patient's row first, as the planner takes it (see planDoses); then read again what a
        // tick committed while we waited for it, so a dose just ticked gets no reminder.
        await lockPerson(trx, o.db.dialect, found.patient_id);
        const medication = await findMedication(trx, p.medicationId);
        if (!medication || !isDueOn(medication, p.date)) return;
        if ((await takenOn(trx, [medication.id], [p.date])).size > 0) return;
        const person = await findPerson(trx, medication.patient_id);
        if (!person) return;
        const actionId = tokens.newActionId();
        await insertAction(trx, {
          id: actionId,
          token_hash: tokens.hash(tokens.tokenFor(actionId)),
          patient_id: person.id,
          medication_id: medication.id,
          date: p.date,
          expires_at: endOfLocalDay(p.date, person.timezone).toISOString(),
          created_at: o.clock().toISOString(),
        });
        const { title, body } = doseReminderText(medication, p.variant, person.language);
        const when = neutralTime(job.runAt, person.timezone);
        const t = textsFor(person.language);
        await deliver(trx, person, {
          key: job.key,
          kind: 'dose_reminder',
          title,
          body,
          link: '/patient',
          tag: `dose:${medication.id}:${p.date}`,
          reminderId: actionId,
          email: {
            subject: t('reminders.dose.emailSubject', { title, when }),
            lines: [
              t('hello', { name: person.firstname }),
              t('reminders.dose.emailDue', { title, when }),
              ...(medication.dosage
                ? [t('reminders.dose.emailDosage', { dosage: medication.dosage })]
                : []),
              t('reminders.dose.body'),
            ],
            url: `${o.publicUrl}/patient`,
            linkText: t('reminders.dose.linkText'),
          },
        });
        if (p.variant === 'first') {
          const followUp: DoseJobPayload = { ...p, variant: 'followup' };
          await enqueueJob(trx, {
            key: followUpKey(medication.id, p.date),
            kind: DOSE_JOB,
            runAt: followUpAt(job.runAt),
            payload: followUp,
            subject: medication.id,
          });
        }
        // The next day's reminder is queued as this one goes out (the daily pass is the safety net).
        await planner.planDoses(trx, person.id, [medication.id]);
      });
    },
  });

  jobs.register(VISIT_JOB, {
    staleAfterMs: REMINDER_STALE_MS,
    async run(raw, job) {
      const p = visitJobPayload.parse(raw);
      await job.complete(async (trx) => {
        const visit = await findAppointment(trx, p.appointmentId);
        if (!visit || visit.status !== 'accepted') return;
        if (new Date(visit.start_at).toISOString() !== p.start) return; // moved since
        const patient = await findPerson(trx, visit.patient_id);
        const doctor = await findPerson(trx, visit.doctor_id);
        if (!patient || !doctor) return;
        const online = visit.type === 'online';
        const room = online ? await o.visitRoom(trx, visit.id) : null;
        const place = online ? null : await doctorLocation(trx, doctor.id);
        const remind = async (person: ReminderPerson, other: string) => {
          const link = room
            ? `/visit/${room}`
            : person.user_type === 'doctor'
              ? '/doctor/appointments'
              : '/patient/book-an-appointment';
          const t = textsFor(person.language);
          const title = visitReminderTitle(p.name, person.language);
          const when = neutralTime(new Date(p.start), person.timezone);
          const how = !online
            ? place
              ? t('reminders.visit.inPersonAt', { place })
              : t('reminders.visit.inPerson')
            : p.name === 'open'
              ? t('reminders.visit.roomOpen')
              : t('reminders.visit.online');
          await deliver(trx, person, {
            key: `${job.key}:${person.id}`,
            kind: 'visit_reminder',
            title,
            body: t('reminders.visit.body', { other, when, how }),
            link,
            tag: `visit:${visit.id}`,
            reminderId: null,
            email: {
              subject: t('reminders.visit.emailSubject', { title, when }),
              lines: [
                t('hello', { name: person.firstname }),
                t('reminders.visit.emailWhen', { other, when }),
                how,
              ],
              url: `${o.publicUrl}${link}`,
              linkText: t(online ? 'reminders.visit.joinLink' : 'reminders.visit.seeLink'),
            },
          });
        };
        await remind(patient, `Dr. ${doctor.firstname} ${doctor.lastname}`);
        await remind(doctor, `${patient.firstname} ${patient.lastname}`);
      });
    },
  });

  jobs.register(RUN_OUT_JOB, {
    async run(raw, job) {
      const { prescriptionId } = runOutJobPayload.parse(raw);
      await job.complete(async (trx) => {
        const now = o.clock();
        const prescription = await findPrescription(trx, prescriptionId);
        if (!prescription || statusAt(prescription, now) === 'cancelled') return;
        // Already asked for: a fill under way, a renewal waiting for or given by the doctor.
        const latest = await latestFill(trx, prescriptionId);
        if (latest && latest.status !== 'dispensed' && latest.status !== 'refused') return;
        if (prescription.renewal_status === 'requested' || prescription.renewed_as_id) return;
        const outlook = await runOutOutlook(trx, prescriptionId, now, true);
        if (!outlook) return;
        if (outlook.remindOn > outlook.today) {
          // Doses were missed, so the pack lasts longer than it did at the dispensing: later, then.
          await enqueueJob(trx, {
            key: `${runOutKey(prescriptionId, outlook.supplied)}:${outlook.remindOn}`,
            kind: RUN_OUT_JOB,
            runAt: outlook.remindAt,
            payload: { prescriptionId },
            subject: prescriptionId,
          });
          return;
        }
        const person = await findPerson(trx, prescription.patient_id);
        if (!person) return;
        const active = statusAt(prescription, now) === 'active';
        const refillsLeft = active
          ? 1 + prescription.refills - (await countDispensed(trx, prescriptionId))
          : 0;
        const { title, body } = runOutReminderText({
          medication: prescription.medication_name,
          runsOutOn: outlook.runsOutOn,
          refillsLeft,
          doctor: `Dr. ${prescription.doctor_firstname} ${prescription.doctor_lastname}`,
          language: person.language,
        });
        const t = textsFor(person.language);
        await deliver(trx, person, {
          key: job.key,
          kind: 'prescription',
          title,
          body,
          link: '/patient/prescriptions',
          tag: `run-out:${prescriptionId}`,
          reminderId: null,
          email: {
            subject: title,
            lines: [t('hello', { name: person.firstname }), body],
            url: `${o.publicUrl}/patient/prescriptions`,
            linkText: t('reminders.prescriptionsLink'),
          },
        });
      });
    },
  });

  // Once a day (UTC midnight) every patient's reminders for their today and tomorrow are queued, so
  // ongoing medications are covered even when nothing else touched them; keys make it idempotent.
  jobs.register(PLAN_JOB, {
    async run(_raw, job) {
      const now = o.clock();
      const from = addDays(localDate(now, 'UTC'), -1);
      let after: string | null = null;
      for (;;) {
        const patients = await patientsWithRunningMedications(o.db.kysely, from, after, PLAN_BATCH);
        for (const patientId of patients) {
          await o.db.kysely.transaction().execute((trx) => planner.planDoses(trx, patientId));
        }
        if (patients.length < PLAN_BATCH) break;
        after = patients[patients.length - 1] ?? null;
      }
      await job.complete(async (trx) => {
        await deleteExpiredActions(trx, now);
        const next = nextUtcMidnight(now);
        await enqueueJob(trx, { key: planJobKey(next), kind: PLAN_JOB, runAt: next, payload: {} });
      });
    },
  });

  return {
    /** Makes sure today's planning pass exists (it runs at once if it has not run today). */
    async ensureDailyPlanning(): Promise<void> {
      const now = o.clock();
      await o.db.kysely
        .transaction()
        .execute((trx) =>
          enqueueJob(trx, { key: planJobKey(now), kind: PLAN_JOB, runAt: now, payload: {} }),
        );
    },
  };
}
