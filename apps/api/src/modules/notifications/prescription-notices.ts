import type { Executor } from '../../db/schema.ts';
import type { PrescriptionNotice } from '../prescriptions/service.ts';
import { findPeople } from './repo.ts';
import type { NotificationService } from './service.ts';

/**
 * A patient hears of a prescription their doctor wrote or cancelled; a pharmacy, of one a patient
 * sent to it. The pharmacy's notice names the medication, not the patient: it reads who in Tend.
 */
export function announcePrescriptions(notifications: NotificationService) {
  return async (trx: Executor, notice: PrescriptionNotice): Promise<void> => {
    if (notice.change === 'sent') {
      if (!notice.pharmacyId) return;
      await notifications.notify(trx, notice.pharmacyId, {
        kind: 'prescription',
        title: 'Prescription received',
        body: `A patient sent you a prescription for ${notice.medication}.`,
        link: '/pharmacy',
      });
      return;
    }
    const doctor = (await findPeople(trx, [notice.doctorId])).get(notice.doctorId);
    const who = doctor ? `Dr. ${doctor.firstname} ${doctor.lastname}` : 'Your doctor';
    const written = notice.change === 'written';
    await notifications.notify(trx, notice.patientId, {
      kind: 'prescription',
      title: written ? 'New prescription' : 'Prescription cancelled',
      body: written
        ? `${who} wrote you a prescription for ${notice.medication}.`
        : `${who} cancelled your prescription for ${notice.medication}.`,
      link: '/patient/prescriptions',
    });
  };
}
