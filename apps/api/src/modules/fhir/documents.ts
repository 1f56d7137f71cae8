import type { DocumentReference, Patient, Reference } from '@medplum/fhirtypes';
import type { Practitioners } from './people.ts';
import type { ReportRow } from './repo.ts';

/**
 * A medical report. Its bytes ride along as base64 when they fit the export's budget; otherwise the
 * attachment points at the report's file in Tend (docs/decisions/030).
 */
export function toDocumentReference(
  r: ReportRow,
  bytes: Buffer | undefined,
  patient: Reference<Patient>,
  practitioners: Practitioners,
  fileUrl: (reportId: string) => string,
): DocumentReference {
  const author =
    r.uploaded_by === null
      ? { display: 'Someone no longer on Tend' }
      : r.uploader_type === 'patient'
        ? patient
        : practitioners.reference(r.uploaded_by, r.uploader_firstname, r.uploader_lastname);
  return {
    resourceType: 'DocumentReference',
    id: r.id,
    status: 'current',
    type: { text: 'Medical report' },
    subject: patient,
    date: r.created_at,
    author: [author],
    description: r.title,
    content: [
      {
        attachment: {
          contentType: r.content_type,
          ...(bytes ? { data: bytes.toString('base64') } : { url: fileUrl(r.id) }),
          size: r.size,
          title: r.filename,
          creation: r.created_at,
        },
      },
    ],
  };
}
