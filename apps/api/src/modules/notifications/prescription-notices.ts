import type { Executor } from '../../db/schema.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { newId } from '../../lib/ids.ts';
import { findPharmacy } from '../pharmacies/repo.ts';
import type { PrescriptionNotice } from '../prescriptions/service.ts';
import type { PushService } from '../push/service.ts';
import { sendReminderEmail } from '../reminders/delivery.ts';
import { findPerson } from '../reminders/repo.ts';
import { settingsOf } from '../notification-settings/service.ts';
import { findPeople } from './repo.ts';
import type { NotificationService } from './service.ts';

/** Email and Web Push, for the notices a patient may also want outside Tend; absent in some tests. */
export interface NoticeReach {
  outbox: Outbox;
  push: PushService;
  publicUrl: string;
}

interface Notice {
  title: string;
  body: string;
  link: string;
}

const PATIENT_LINK = '/patient/prescriptions';
/** The pharmacy's page of that one prescription, with its next step (the web's /pharmacy/prescriptions/:id). */
const pharmacyLink = (prescriptionId: string) =>
  `/pharmacy/prescriptions/${encodeURIComponent(prescriptionId)}`;

/**
 * A patient hears of a prescription their doctor wrote, cancelled or renewed (or would not), and of
 * every step its fill takes at the pharmacy; a pharmacy, of one a patient sent to it, a refill asked
 * of it, or one cancelled that was sent to it; a doctor, of a renewal asked of them. The pharmacy's
 * notices name the medication, not the patient: it reads who in Tend. The fill steps and renewal
 * answers also go to the patient by email and push when their notification settings chose them.
 */
export function announcePrescriptions(notifications: NotificationService, reach?: NoticeReach) {
  /** In-app always; by email (to a confirmed address) and push as the person's settings say. */
  async function toPatientEverywhere(trx: Executor, patientId: string, notice: Notice) {
    await notifications.notify(trx, patientId, { kind: 'prescription', ...notice });
    if (!reach) return;
    const person = await findPerson(trx, patientId);
    if (!person || person.disabled_at) return;
    const settings = await settingsOf(trx, patientId);
    // Each notice is its own message: a key of its own, so a retry of the job sends it once.
    const key = `prescription:${newId()}`;
    if (settings.email && reach.outbox.enabled) {
      await sendReminderEmail(trx, reach.outbox, person, key, {
        subject: notice.title,
        lines: [`Hello ${person.firstname},`, notice.body],
        url: `${reach.publicUrl}${notice.link}`,
        linkText: 'Open your prescriptions',
      });
    }
    if (settings.push) {
      await reach.push.queue(trx, patientId, key, {
        ...notice,
        tag: key,
        reminderId: null,
      });
    }
  }

  async function doctorName(trx: Executor, doctorId: string) {
    const doctor = (await findPeople(trx, [doctorId])).get(doctorId);
    return doctor ? `Dr. ${doctor.firstname} ${doctor.lastname}` : 'Your doctor';
  }

  async function pharmacyName(trx: Executor, pharmacyId: string | null | undefined) {
    const pharmacy = pharmacyId ? await findPharmacy(trx, pharmacyId) : undefined;
    return pharmacy ? pharmacy.name : 'The pharmacy';
  }

  return async (trx: Executor, notice: PrescriptionNotice): Promise<void> => {
    const medication = notice.medication;
    switch (notice.change) {
      case 'sent':
      case 'refill_requested': {
        if (!notice.pharmacyId) return;
        const sent = notice.change === 'sent';
        await notifications.notify(trx, notice.pharmacyId, {
          kind: 'prescription',
          title: sent ? 'Prescription received' : 'Refill requested',
          body: sent
            ? `A patient sent you a prescription for ${medication}.`
            : `A patient asked you for a refill of ${medication}.`,
          link: pharmacyLink(notice.prescriptionId),
        });
        return;
      }
      case 'written':
      case 'cancelled': {
        const who = await doctorName(trx, notice.doctorId);
        const written = notice.change === 'written';
        await notifications.notify(trx, notice.patientId, {
          kind: 'prescription',
          title: written ? 'New prescription' : 'Prescription cancelled',
          body: written
            ? `${who} wrote you a prescription for ${medication}.`
            : `${who} cancelled your prescription for ${medication}.`,
          link: PATIENT_LINK,
        });
        if (!written && notice.pharmacyId) {
          await notifications.notify(trx, notice.pharmacyId, {
            kind: 'prescription',
            title: 'Prescription cancelled',
            body: `The prescriber cancelled a prescription for ${medication} sent to you: do not fill it.`,
            link: pharmacyLink(notice.prescriptionId),
          });
        }
        return;
      }
      case 'fill': {
        const pharmacy = await pharmacyName(trx, notice.pharmacyId);
        const texts = {
          preparing: [
            'Prescription being prepared',
            `${pharmacy} is preparing your ${medication}.`,
          ],
          ready: [
            'Prescription ready to collect',
            `Your ${medication} is ready to collect at ${pharmacy}.`,
          ],
          dispensed: [
            'Prescription dispensed',
            `${pharmacy} handed over your ${medication}. It is on your medication list now.`,
          ],
          refused: [
            'Prescription refused',
            `${pharmacy} could not fill your ${medication}: ${notice.reason ?? 'no reason given'}. You can send it to another pharmacy.`,
          ],
        } as const;
        const [title, body] = texts[notice.fillStatus ?? 'preparing'];
        await toPatientEverywhere(trx, notice.patientId, { title, body, link: PATIENT_LINK });
        return;
      }
      case 'renewal_requested': {
        const patient = (await findPeople(trx, [notice.patientId])).get(notice.patientId);
        const who = patient ? `${patient.firstname} ${patient.lastname}` : 'A patient';
        await notifications.notify(trx, notice.doctorId, {
          kind: 'prescription',
          title: 'Renewal requested',
          body: `${who} used every fill of ${medication} and asks you to renew it.`,
          link: `/doctor/tracking-medication?patient=${notice.patientId}`,
        });
        return;
      }
      case 'renewal_approved':
      case 'renewal_refused': {
        const who = await doctorName(trx, notice.doctorId);
        const approved = notice.change === 'renewal_approved';
        await toPatientEverywhere(trx, notice.patientId, {
          title: approved ? 'Prescription renewed' : 'Renewal refused',
          body: approved
            ? `${who} renewed your prescription for ${medication}.`
            : `${who} did not renew your prescription for ${medication}: ${notice.reason ?? 'no reason given'}.`,
          link: PATIENT_LINK,
        });
        return;
      }
    }
  };
}
