import type { Executor } from '../../db/schema.ts';
import type { PrescriptionNotice } from '../prescriptions/service.ts';
import { findPeople } from './repo.ts';
import type { NotificationService } from './service.ts';

/** A patient hears of a prescription their doctor wrote or cancelled. */
export function announcePrescriptions(notifications: NotificationService) {
  return async (trx: Executor, notice: PrescriptionNotice): Promise<void> => {
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
