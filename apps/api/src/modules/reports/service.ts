import type { Readable } from 'node:stream';
import type { PageRequest, Report, ReportList } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { createDatabaseFileStore } from '../../storage/database-file-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { recordAudits } from '../audit/service.ts';
import { auditByDoctor, noSuchReport, reportAccess } from './access.ts';
import {
  deleteReport,
  deleteReportsOf,
  findReport,
  listReports,
  listReportsOfDoctorsPatients,
  type ReportRow,
} from './repo.ts';
import { reportStoring, type AnnounceUpload } from './storing.ts';
import { createUploadGate, type UploadGate } from './upload-gate.ts';
import type { SpooledUpload } from './upload-spool.ts';

export { noSuchPatient } from './access.ts';

function toReport(r: ReportRow): Report {
  return {
    _id: r.id,
    title: r.title,
    filename: r.filename,
    contenttype: r.content_type,
    size: r.size,
    createdAt: r.created_at,
    patient: {
      _id: r.patient_id,
      firstname: r.patient_firstname,
      lastname: r.patient_lastname,
      avatarUrl: avatarUrl(r.patient_id, r.patient_avatar_at ?? undefined),
    },
    uploadedby:
      r.uploaded_by &&
      r.uploader_firstname !== null &&
      r.uploader_lastname !== null &&
      r.uploader_user_type
        ? {
            _id: r.uploaded_by,
            firstname: r.uploader_firstname,
            lastname: r.uploader_lastname,
            userType: r.uploader_user_type,
            avatarUrl: avatarUrl(r.uploaded_by, r.uploader_avatar_at ?? undefined),
          }
        : null,
  };
}

export interface ReportServiceDeps {
  db: Db;
  files: FileStore;
  /** From the care module: whether the patient shares with the doctor right now. */
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>;
  gate: UploadGate;
  /** Tells the patient of a report someone else added (notifications), inside the upload's transaction. */
  announceUpload?: AnnounceUpload;
}

/**
 * Medical reports: a patient's own, and those of a linked doctor's patients. A doctor's every list, view,
 * upload and deletion is written to the patient's access log; a doctor whose link ended sees nothing.
 */
export function createReportService({
  db,
  files,
  isLinked,
  gate,
  announceUpload = async () => {},
}: ReportServiceDeps) {
  const access = reportAccess(db, isLinked);
  const checkAndStore = reportStoring({ db, files, access, announceUpload });

  return {
    /**
     * Receives, checks and stores one upload while holding a slot of the gate, so that however many
     * arrive at once, only a few are read off the network, checked and written at a time.
     */
    async upload(
      claims: AccessClaims,
      receive: () => Promise<SpooledUpload>,
      ip: string,
    ): Promise<Report> {
      const id = await gate.run(async () => {
        const upload = await receive();
        try {
          return await checkAndStore(claims, upload, ip);
        } finally {
          await upload.discard();
        }
      });
      const created = await findReport(db.kysely, id);
      if (!created) throw noSuchReport();
      return toReport(created);
    },

    /**
     * One patient's reports; or, for a doctor who names nobody, the newest across every patient
     * who shares with them now. A doctor's list is logged for each patient whose reports it shows.
     */
    async list(
      claims: AccessClaims,
      patientId: string | undefined,
      page: PageRequest,
      ip: string,
    ): Promise<ReportList> {
      const { rows, nextCursor } =
        claims.role === 'doctor' && patientId === undefined
          ? await listReportsOfDoctorsPatients(db.kysely, claims.userId, page)
          : await listReports(db.kysely, await access.reachablePatient(claims, patientId), page);
      const shown =
        patientId !== undefined ? [patientId] : [...new Set(rows.map((r) => r.patient_id))];
      if (claims.role === 'doctor' && shown.length > 0) {
        // One statement for the whole page: each patient shown gets their event.
        await recordAudits(
          db.kysely,
          shown.map((subjectId) => ({
            actorId: claims.userId,
            action: 'reports.listed' as const,
            subjectId,
            ip,
          })),
        );
      }
      return { reports: rows.map(toReport), nextCursor };
    },

    async file(
      claims: AccessClaims,
      id: string,
      ip: string,
    ): Promise<{ report: Report; size: number; stream: Readable }> {
      const report = await access.reachableReport(claims, id);
      const stored = await files.get(report.file_id);
      if (!stored) throw noSuchReport();
      await auditByDoctor(db.kysely, claims, 'report.viewed', report.patient_id, ip);
      return { report: toReport(report), ...stored };
    },

    /** The patient may delete any of their reports; a doctor only one they uploaded, while still linked. */
    async remove(claims: AccessClaims, id: string, ip: string): Promise<void> {
      const report = await access.reachableReport(claims, id);
      if (claims.role === 'doctor' && report.uploaded_by !== claims.userId) {
        throw new AppError(
          403,
          'not_uploader',
          'Only the patient, or the person who uploaded this report, can delete it.',
        );
      }
      await db.kysely.transaction().execute(async (trx) => {
        await deleteReport(trx, report.id);
        await files.delete(trx, report.file_id);
        await auditByDoctor(trx, claims, 'report.deleted', report.patient_id, ip);
      });
    },

    /** Inside an account deletion's transaction: the patient's reports and their bytes go too. */
    forgetReportsOf: async (trx: Executor, patientId: string): Promise<void> => {
      await files.deleteMany(trx, await deleteReportsOf(trx, patientId));
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

/**
 * Receiving, checking and storing a file holds buffers; two at a time per process bounds what is live
 * however many arrive. Most of the rest of the rise npm run bench shows for ten 10 MB uploads is network
 * buffers already done with and waiting for the garbage collector.
 */
const UPLOADS_AT_ONCE = 2;
/** Beyond this wait an upload is answered 503 with Retry-After rather than held open. */
const UPLOAD_MAX_WAIT_MS = 30_000;

/** The reports service as the app runs it: files in the database, uploads through one gate. */
export function createReports(
  db: Db,
  isLinked: ReportServiceDeps['isLinked'],
  announceUpload?: AnnounceUpload,
): ReportService {
  return createReportService({
    db,
    files: createDatabaseFileStore(db.kysely),
    isLinked,
    ...(announceUpload ? { announceUpload } : {}),
    gate: createUploadGate({ slots: UPLOADS_AT_ONCE, maxWaitMs: UPLOAD_MAX_WAIT_MS }),
  });
}
