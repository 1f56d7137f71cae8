import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import { findPeople } from './repo.ts';
import type { NewNotification } from './service.ts';

/** A report someone else added to a patient's record (the reports module announces it). */
export interface ReportUpload {
  reportId: string;
  patientId: string;
  uploaderId: string;
  title: string;
}

/** A patient hears of a report their doctor added to their record. */
export function announceReportUploads(
  notify: (trx: Executor, userId: string, message: NewNotification) => Promise<void>,
) {
  return async (trx: Executor, upload: ReportUpload): Promise<void> => {
    const people = await findPeople(trx, [upload.uploaderId, upload.patientId]);
    const uploader = people.get(upload.uploaderId);
    const t = textsFor(people.get(upload.patientId)?.language ?? 'en');
    const who = uploader
      ? `Dr. ${uploader.firstname} ${uploader.lastname}`
      : t('notices.yourDoctor');
    await notify(trx, upload.patientId, {
      kind: 'report',
      title: t('notices.report.title'),
      body: t('notices.report.body', { who, title: upload.title }),
      link: `/patient/medical-report/${upload.reportId}`,
    });
  };
}
