import { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import type { JobContext, JobHandler } from '../../jobs/runner.ts';
import { REMINDER_STALE_MS, type ReminderJobsContext } from './job-context.ts';
import { visitReminderTitle } from './messages.ts';
import type { VisitJobPayload } from './planner.ts';
import { doctorLocation, findAppointment, findPerson, type ReminderPerson } from './repo.ts';
import { neutralTime } from './schedule.ts';

const visitJobPayload = z.object({
  appointmentId: z.string(),
  start: z.string(),
  name: z.enum(['24h', '1h', 'open']),
});

/** Where and how a visit takes place, as a reminder of it says. */
interface VisitPlace {
  appointmentId: string;
  online: boolean;
  /** An online visit's room, for the join link. */
  room: string | null;
  /** An in-person visit's address, when the doctor gave one. */
  place: string | null;
}

/**
 * A visit reminder (24 h and 1 h before, and an online visit's room opening), to both people,
 * while the visit is accepted and still at the start it was planned for.
 */
export function visitReminderJob(o: ReminderJobsContext): JobHandler {
  async function remindOne(
    trx: Executor,
    p: VisitJobPayload,
    job: JobContext,
    visit: VisitPlace,
    person: ReminderPerson,
    other: string,
  ) {
    const { online, room, place } = visit;
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
    await o.deliver(trx, person, {
      key: `${job.key}:${person.id}`,
      kind: 'visit_reminder',
      title,
      body: t('reminders.visit.body', { other, when, how }),
      link,
      tag: `visit:${visit.appointmentId}`,
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
  }

  async function remind(trx: Executor, p: VisitJobPayload, job: JobContext) {
    const visit = await findAppointment(trx, p.appointmentId);
    if (!visit || visit.status !== 'accepted') return;
    if (new Date(visit.start_at).toISOString() !== p.start) return; // moved since
    const patient = await findPerson(trx, visit.patient_id);
    const doctor = await findPerson(trx, visit.doctor_id);
    if (!patient || !doctor) return;
    const online = visit.type === 'online';
    const where: VisitPlace = {
      appointmentId: visit.id,
      online,
      room: online ? await o.visitRoom(trx, visit.id) : null,
      place: online ? null : await doctorLocation(trx, doctor.id),
    };
    await remindOne(trx, p, job, where, patient, `Dr. ${doctor.firstname} ${doctor.lastname}`);
    await remindOne(trx, p, job, where, doctor, `${patient.firstname} ${patient.lastname}`);
  }

  return {
    staleAfterMs: REMINDER_STALE_MS,
    async run(raw, job) {
      const p = visitJobPayload.parse(raw);
      await job.complete((trx) => remind(trx, p, job));
    },
  };
}
