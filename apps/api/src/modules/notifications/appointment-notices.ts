import type { AppointmentChange, Language } from '@tend/shared';
import { DATE_LOCALES, textsFor } from '../../i18n/texts.ts';
import type { Executor } from '../../db/schema.ts';
import type { VisitChange } from '../../lib/visit-change.ts';
import { findPeople } from './repo.ts';
import type { NewNotification } from './service.ts';

export interface VisitNoticeNeeds {
  notify: (trx: Executor, userId: string, message: NewNotification) => Promise<void>;
  /** A live event (the events module), the last step of the transaction. */
  publish: (
    trx: Executor,
    userIds: readonly string[],
    type: 'appointment',
    data: { appointmentId: string; change: AppointmentChange },
  ) => Promise<void>;
}

function when(start: string, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(new Date(start));
}

/**
 * Tells the other person of every change to a visit: a notification for them, and an `appointment`
 * event for both (so every open page of either refreshes), in the transaction of the change.
 */
export function announceVisitChanges({ notify, publish }: VisitNoticeNeeds) {
  return async (trx: Executor, visit: VisitChange): Promise<void> => {
    const recipientId = visit.by === 'patient' ? visit.doctorId : visit.patientId;
    const actorId = visit.by === 'patient' ? visit.patientId : visit.doctorId;
    const people = await findPeople(trx, [recipientId, actorId]);
    const recipient = people.get(recipientId);
    const actor = people.get(actorId);
    if (recipient && actor) {
      const name =
        visit.by === 'doctor'
          ? `Dr. ${actor.firstname} ${actor.lastname}`
          : `${actor.firstname} ${actor.lastname}`;
      const t = textsFor(recipient.language);
      await notify(trx, recipientId, {
        kind: 'appointment',
        title: t(`notices.appointment.titles.${visit.change}`),
        body: t(`notices.appointment.bodies.${visit.change}`, {
          name,
          when: when(visit.start, recipient.timezone, recipient.language),
        }),
        link:
          recipient.user_type === 'doctor'
            ? '/doctor/appointments'
            : '/patient/book-an-appointment',
      });
    }
    await publish(trx, [visit.patientId, visit.doctorId], 'appointment', {
      appointmentId: visit.appointmentId,
      change: visit.change,
    });
  };
}
