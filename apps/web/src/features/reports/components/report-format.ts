import type { Report, ReportContentType } from '@tend/shared';
import { fullName } from '../../../lib/me';

export const TYPE_LABELS: Record<ReportContentType, string> = {
  'image/jpeg': 'JPEG picture',
  'image/png': 'PNG picture',
  'image/gif': 'GIF picture',
  'application/pdf': 'PDF document',
};

/** Sizes as people read them, in the same units as the limits (1 MB = 1024 × 1024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  // One decimal always, so a file just over a limit never reads as the limit itself.
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Who put the report in the record, seen by `viewerId`: "You", "Dr. Ana Silva", a name, or words
 * for an account deleted since.
 */
export function uploaderName(report: Report, viewerId: string | undefined): string {
  const uploader = report.uploadedby;
  if (!uploader) return 'Someone no longer on Tend';
  if (viewerId && uploader._id === viewerId) return 'You';
  const name = fullName(uploader);
  return uploader.userType === 'doctor' ? `Dr. ${name}` : name;
}

/** "uploaded by you" or "uploaded by Dr. Ana Silva", to follow other words. */
export function uploadedByWords(report: Report, viewerId: string | undefined): string {
  const name = uploaderName(report, viewerId);
  if (name === 'You') return 'uploaded by you';
  return report.uploadedby ? `uploaded by ${name}` : 'uploaded by someone no longer on Tend';
}

/** "Nov 25, 2026" in the viewer's time zone. */
export function dateFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
}

/** Where one report is viewed, in the area of the person looking. */
export function reportViewPath(area: 'patient' | 'doctor', reportId: string): string {
  return `/${area}/medical-report/${encodeURIComponent(reportId)}`;
}
