import { MAX_REPORTS_PER_PATIENT, reportUploadFieldsSchema } from '@tend/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { auditByDoctor, type ReportAccess } from './access.ts';
import { inspectUpload } from './inspect-upload.ts';
import { countReports, insertReport } from './repo.ts';
import type { SpooledUpload } from './upload-spool.ts';

/** A name fit for a Content-Disposition header and a list: no paths, no control characters. */
function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return base.slice(-200) || 'report';
}

function invalidFields(issues: readonly z.core.$ZodIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] = 'This field is not accepted here.';
      continue;
    }
    fields[issue.path.length ? String(issue.path[0]) : 'body'] ??= issue.message;
  }
  return new AppError(
    400,
    'invalid_input',
    'Some of what was sent is not valid. Check the highlighted fields.',
    fields,
  );
}

/** Tells the patient of a report someone else added (notifications), inside the upload's transaction. */
export type AnnounceUpload = (
  trx: Executor,
  upload: { reportId: string; patientId: string; uploaderId: string; title: string },
) => Promise<void>;

export interface StoringDeps {
  db: Db;
  files: FileStore;
  access: ReportAccess;
  announceUpload: AnnounceUpload;
}

/**
 * Checks one received upload (its fields, who it is for, its bytes) and stores it as a report in one
 * transaction, within the patient's cap; answers the new report's id.
 */
export function reportStoring({ db, files, access, announceUpload }: StoringDeps) {
  return async function checkAndStore(claims: AccessClaims, upload: SpooledUpload, ip: string) {
    const parsed = reportUploadFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) throw invalidFields(parsed.error.issues);
    const patientId = await access.reachablePatient(claims, parsed.data.patientId);
    const accepted = await inspectUpload(upload);
    const id = newId();
    await db.kysely.transaction().execute(async (trx) => {
      await lockPerson(trx, db.dialect, patientId);
      if ((await countReports(trx, patientId)) >= MAX_REPORTS_PER_PATIENT) {
        throw new AppError(
          409,
          'too_many_reports',
          `This record already holds ${MAX_REPORTS_PER_PATIENT} reports, the most Tend keeps. Delete one you no longer need to add another.`,
        );
      }
      const stored = await files.put(trx, accepted.bytes);
      await insertReport(trx, {
        id,
        patient_id: patientId,
        uploaded_by: claims.userId,
        file_id: stored.id,
        title: parsed.data.title,
        filename: cleanFilename(upload.filename),
        content_type: accepted.contentType,
        size: stored.size,
        created_at: new Date().toISOString(),
      });
      await auditByDoctor(trx, claims, 'report.uploaded', patientId, ip);
      if (claims.userId !== patientId) {
        await announceUpload(trx, {
          reportId: id,
          patientId,
          uploaderId: claims.userId,
          title: parsed.data.title,
        });
      }
    });
    return id;
  };
}
