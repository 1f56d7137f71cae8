import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import type { AnnounceUpload } from '../reports/service.ts';
import { findPeople } from './repo.ts';
import type { NotificationService } from './service.ts';

/** A patient hears of a report their doctor added to their record. */
export function announceReportUploads(notifications: NotificationService): AnnounceUpload {
  return async (trx: Executor, upload) => {
    const people = await findPeople(trx, [upload.uploaderId, upload.patientId]);
    const uploader = people.get(upload.uploaderId);
    const t = textsFor(people.get(upload.patientId)?.language ?? 'en');
    const who = uploader
      ? `Dr. ${uploader.firstname} ${uploader.lastname}`
      : t('notices.yourDoctor');
    await notifications.notify(trx, upload.patientId, {
      kind: 'report',
      title: t('notices.report.title'),
      body: t('notices.report.body', { who, title: upload.title }),
      link: `/patient/medical-report/${upload.reportId}`,
    });
  };
}
