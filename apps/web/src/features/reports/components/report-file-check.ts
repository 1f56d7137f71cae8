import { REPORT_IMAGE_MAX_BYTES, REPORT_PDF_MAX_BYTES, type ReportContentType } from '@tend/shared';
import type { ReportsT } from '../i18n';
import { formatSize } from './report-format';

// The first bytes of each kind Tend keeps. The server judges by content too; checking here means
// a renamed or oversized file is refused before any of it is sent.
const SIGNATURES: readonly (readonly [ReportContentType, readonly number[]])[] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]], // GIF8
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
];

/** The kind of file its first bytes say it is, or null for any other kind. */
export async function sniffReportType(file: Blob): Promise<ReportContentType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const match = SIGNATURES.find(([, signature]) =>
    signature.every((byte, index) => head[index] === byte),
  );
  return match ? match[0] : null;
}

/** Why this file cannot be a report, in words, or null if it looks fine. */
export async function reportFileProblem(t: ReportsT, file: File): Promise<string | null> {
  if (file.size === 0) return t('fileCheck.empty');
  const type = await sniffReportType(file);
  if (!type) return t('fileCheck.wrongType');
  if (type === 'application/pdf') {
    return file.size > REPORT_PDF_MAX_BYTES
      ? t('fileCheck.pdfTooBig', { size: formatSize(t, file.size) })
      : null;
  }
  return file.size > REPORT_IMAGE_MAX_BYTES
    ? t('fileCheck.pictureTooBig', { size: formatSize(t, file.size) })
    : null;
}
