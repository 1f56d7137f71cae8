import { isDueOn } from '@tend/shared';
import { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobContext, JobHandler } from '../../jobs/runner.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { REMINDER_STALE_MS, type ReminderJobsContext } from './job-context.ts';
import { doseReminderText } from './messages.ts';
import { DOSE_JOB, followUpKey, type DoseJobPayload } from './planner.ts';
import { findMedication, findPerson, insertAction, takenOn } from './repo.ts';
import { endOfLocalDay, followUpAt, neutralTime } from './schedule.ts';

const doseJobPayload = z.object({
  medicationId: z.string(),
  date: z.string(),
  variant: z.enum(['first', 'followup', 'snoozed']),
});

/**
 * A dose reminder (first, follow-up or snoozed): sent while the dose is due and not ticked, with a
 * Taken / Snooze action; the first queues its follow-up, and each queues the next day's.
 */
export function doseReminderJob(o: ReminderJobsContext): JobHandler {
  const { tokens, planner, deliver } = o;

  async function remind(trx: Executor, p: DoseJobPayload, job: JobContext) {
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
  }

  return {
    staleAfterMs: REMINDER_STALE_MS,
    async run(raw, job) {
      const p: DoseJobPayload = doseJobPayload.parse(raw);
      await job.complete((trx) => remind(trx, p, job));
    },
  };
}
