import type { Report, ReportContentType } from '@tend/shared';
import { dateTimeFormat, numberFormat } from '../../../i18n/format';
import { fullName } from '../../../lib/me';
import type { ReportsT } from '../i18n';

const TYPE_KEYS: Record<ReportContentType, string> = {
  'image/jpeg': 'types.imageJpeg',
  'image/png': 'types.imagePng',
  'image/gif': 'types.imageGif',
  'application/pdf': 'types.pdf',
};

/** "JPEG picture", "PDF document": a report's kind of file in words. */
export function typeLabel(t: ReportsT, type: ReportContentType): string {
  return t(TYPE_KEYS[type]);
}

/** Sizes as people read them, in the same units as the limits (1 MB = 1024 × 1024 bytes). */
export function formatSize(t: ReportsT, bytes: number): string {
  if (bytes < 1024) return t('size.bytes', { count: bytes });
  if (bytes < 1024 * 1024) {
    const size = numberFormat({ maximumFractionDigits: 0, useGrouping: false });
    return t('size.kb', { size: size.format(Math.round(bytes / 1024)) });
  }
  // One decimal always, so a file just over a limit never reads as the limit itself.
  const size = numberFormat({
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  return t('size.mb', { size: size.format(Number((bytes / (1024 * 1024)).toFixed(1))) });
}

/**
 * Who put the report in the record, seen by `viewerId`: "You", "Dr. Ana Silva", a name, or words
 * for an account deleted since.
 */
export function uploaderName(t: ReportsT, report: Report, viewerId: string | undefined): string {
  const uploader = report.uploadedby;
  if (!uploader) return t('uploader.deleted');
  if (viewerId && uploader._id === viewerId) return t('uploader.you');
  const name = fullName(uploader);
  return uploader.userType === 'doctor' ? t('uploader.doctor', { name }) : name;
}

/** "uploaded by you" or "uploaded by Dr. Ana Silva", to follow other words. */
export function uploadedByWords(t: ReportsT, report: Report, viewerId: string | undefined): string {
  const uploader = report.uploadedby;
  if (!uploader) return t('uploader.byDeleted');
  if (viewerId && uploader._id === viewerId) return t('uploader.byYou');
  return t('uploader.byName', { name: uploaderName(t, report, viewerId) });
}

/** "Nov 25, 2026" in the viewer's time zone, in the page's language. */
export function dateFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  return dateTimeFormat({ dateStyle: 'medium', timeZone });
}

/** Where one report is viewed, in the area of the person looking. */
export function reportViewPath(area: 'patient' | 'doctor', reportId: string): string {
  return `/${area}/medical-report/${encodeURIComponent(reportId)}`;
}
