import type { Executor } from '../../db/schema.ts';
import type { AnnounceUpload } from '../reports/service.ts';
import { findPeople } from './repo.ts';
import type { NotificationService } from './service.ts';

/** A patient hears of a report their doctor added to their record. */
export function announceReportUploads(notifications: NotificationService): AnnounceUpload {
  return async (trx: Executor, upload) => {
    const uploader = (await findPeople(trx, [upload.uploaderId])).get(upload.uploaderId);
    const who = uploader ? `Dr. ${uploader.firstname} ${uploader.lastname}` : 'Your doctor';
    await notifications.notify(trx, upload.patientId, {
      kind: 'report',
      title: 'New medical report',
      body: `${who} added "${upload.title}" to your medical reports.`,
      link: `/patient/medical-report/${upload.reportId}`,
    });
  };
}
