import { z } from 'zod';

/**
 * The whole record as a FHIR R4 Bundle (DESIGN.md "Interop and reach", docs/decisions/030): what the
 * export reads at most and how the file is named. The API builds the Bundle; the web app downloads it.
 */

export const FHIR_CONTENT_TYPE = 'application/fhir+json';

/**
 * Appointments and prescriptions have no cap of their own (only the live ones do), so the export
 * takes the newest this many of each; nobody reaches it honestly (a visit a week for 96 years).
 * Medications (5000), readings (100 000) and reports (1000) are capped where they are written.
 */
export const FHIR_EXPORT_MAX_APPOINTMENTS = 5000;
export const FHIR_EXPORT_MAX_PRESCRIPTIONS = 5000;

/**
 * Report bytes carried inside the file, newest report first. A report past this budget keeps its
 * title, type and size, and points at its address in Tend (`attachment.url`) instead: 1000 reports
 * of 10 MB would otherwise make a 13 GB download held in memory.
 */
export const FHIR_EXPORT_MAX_ATTACHMENT_BYTES = 32 * 1024 * 1024;

/** GET /me/fhir: a patient leaves patientId out (or gives their own); a doctor names a linked patient. */
export const fhirExportQuerySchema = z.strictObject({
  patientId: z
    .string()
    .min(1, 'Choose a patient.')
    .max(64, 'Choose a patient.')
    .optional()
    .describe("A doctor's linked patient; a patient leaves it out (or gives their own id)."),
});
export type FhirExportQuery = z.infer<typeof fhirExportQuerySchema>;

/** `tend-record-2026-11-27.json`: the day (YYYY-MM-DD) the record was downloaded. */
export function fhirRecordFileName(day: string): string {
  return `tend-record-${day}.json`;
}
