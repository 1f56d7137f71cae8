import { z } from 'zod';
import { personSummarySchema } from './care.ts';
import { USER_TYPES } from './constants.ts';
import { pageSchema, pageQuerySchema } from './pagination.ts';

/** Pictures (JPEG, PNG, GIF) of a report: the same limit as the spec's 2 MB hint. */
export const REPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** PDF reports (lab results, letters) run longer than a photo. */
export const REPORT_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Types judged by the file's content (magic bytes), never by its name or the browser's word. */
export const REPORT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
] as const;
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number];
/** What the file picker says, and what the server enforces. */
export const REPORT_UPLOAD_HINT = 'Allowed JPG, GIF or PNG up to 2 MB, or PDF up to 10 MB';
/** For the browser's file picker; the server decides by content regardless. */
export const REPORT_ACCEPT =
  '.jpg,.jpeg,.png,.gif,.pdf,image/jpeg,image/png,image/gif,application/pdf';
/** Reports one patient may hold; nobody reaches it honestly (DESIGN.md "Reliability rules"). */
export const MAX_REPORTS_PER_PATIENT = 1000;
export const REPORT_TITLE_MAX = 200;

export const reportTitleSchema = z
  .string({ error: 'Give the report a title.' })
  .trim()
  .min(1, 'Give the report a title.')
  .max(REPORT_TITLE_MAX, `At most ${REPORT_TITLE_MAX} characters.`);

/**
 * The text fields of POST /reports (multipart, beside the `file` part). A doctor names the linked
 * patient; a patient leaves patientId out (or gives their own id).
 */
export const reportUploadFieldsSchema = z.strictObject({
  title: reportTitleSchema,
  patientId: z.string().min(1, 'Choose a patient.').max(64, 'Choose a patient.').optional(),
});
export type ReportUploadFields = z.input<typeof reportUploadFieldsSchema>;

/**
 * GET /reports: a patient lists their own (patientId optional); a doctor names a linked patient, or
 * names none for the newest reports of all the patients who share with them.
 */
export const reportListQuerySchema = pageQuerySchema.extend({
  patientId: z.string().min(1, 'Choose a patient.').max(64, 'Choose a patient.').optional(),
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

export const reportSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The name the file had when uploaded, for display and downloads only. */
  filename: z.string(),
  /** Sniffed from the content: one of REPORT_CONTENT_TYPES. */
  contenttype: z.enum(REPORT_CONTENT_TYPES),
  /** Bytes as stored (pictures are re-encoded, so this can differ from the upload). */
  size: z.number().int(),
  patient: personSummarySchema,
  /** Who put the file in the record; null once that person's account was deleted. */
  uploadedby: personSummarySchema.extend({ userType: z.enum(USER_TYPES) }).nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = pageSchema('reports', reportSchema);
export type ReportList = z.infer<typeof reportListSchema>;

/** Where a report's bytes are served (GET, bearer token): inline, with the sniffed type. */
export const reportFilePath = (reportId: string) => `/reports/${encodeURIComponent(reportId)}/file`;
