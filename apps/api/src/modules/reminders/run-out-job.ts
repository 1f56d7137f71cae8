import { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import { enqueueJob } from '../../jobs/enqueue.ts';
import type { JobContext, JobHandler } from '../../jobs/runner.ts';
import type { ReminderJobsContext } from './job-context.ts';
import { runOutCaregiverText, runOutReminderText, type RunOutWords } from './messages.ts';
import { RUN_OUT_JOB, runOutKey } from './planner.ts';
import { findPerson, type ReminderPerson } from './repo.ts';
import { runOutOutlook } from './run-out.ts';

const runOutJobPayload = z.object({ prescriptionId: z.string() });

/**
 * The "running out, request a refill" reminder of a dispensed supply, unless the patient asked
 * already; a supply that lasts longer than planned (doses missed) moves it later instead. The
 * patient's caregivers with `prescriptions` are reminded too.
 */
export function runOutReminderJob(o: ReminderJobsContext): JobHandler {
  async function remind(trx: Executor, prescriptionId: string, job: JobContext) {
    const now = o.clock();
    const supply = await o.supplyOf(trx, prescriptionId, now);
    if (!supply || supply.status === 'cancelled' || supply.askedAgain) return;
    const outlook = await runOutOutlook(trx, prescriptionId, supply, now, true);
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
    const person = await findPerson(trx, supply.patientId);
    if (!person) return;
    const words: RunOutWords = {
      medication: supply.medication,
      runsOutOn: outlook.runsOutOn,
      refillsLeft: await supply.refillsLeft(),
      doctor: `Dr. ${supply.doctor.firstname} ${supply.doctor.lastname}`,
      language: person.language,
    };
    const { title, body } = runOutReminderText(words);
    const t = textsFor(person.language);
    await o.deliver(trx, person, {
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
    await tellCaregivers(trx, person, prescriptionId, words, job.key);
  }

  /** The caregivers the patient gives `prescriptions` hear it too, each in their language. */
  async function tellCaregivers(
    trx: Executor,
    patient: ReminderPerson,
    prescriptionId: string,
    words: RunOutWords,
    key: string,
  ) {
    const patientName = `${patient.firstname} ${patient.lastname}`;
    const link = `/patient/prescriptions?patientId=${patient.id}`;
    for (const carer of await o.caregiversWith(trx, patient.id, 'prescriptions')) {
      const { title, body } = runOutCaregiverText({
        ...words,
        language: carer.language,
        patient: patientName,
      });
      const t = textsFor(carer.language);
      await o.deliver(trx, carer, {
        key: `${key}:${carer.id}`,
        kind: 'caregiver',
        title,
        body,
        link,
        tag: `run-out:${prescriptionId}`,
        reminderId: null,
        email: {
          subject: title,
          lines: [t('hello', { name: carer.firstname }), body],
          url: `${o.publicUrl}${link}`,
          linkText: t('caregivers.open'),
        },
      });
    }
  }

  return {
    async run(raw, job) {
      const { prescriptionId } = runOutJobPayload.parse(raw);
      await job.complete((trx) => remind(trx, prescriptionId, job));
    },
  };
}
