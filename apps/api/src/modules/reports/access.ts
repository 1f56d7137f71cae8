import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';
import { findReport } from './repo.ts';

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.', {
    patientId: 'There is no such patient among those who share with you.',
  });
export const noSuchReport = () => new AppError(404, 'not_found', 'There is no such report.');

/** A doctor's look or change goes in the patient's access log; a patient's own does not. */
export function auditByDoctor(
  trx: Executor,
  claims: AccessClaims,
  action: AuditAction,
  patientId: string,
  ip: string,
) {
  if (claims.role !== 'doctor') return Promise.resolve();
  return recordAudit(trx, { actorId: claims.userId, action, subjectId: patientId, ip });
}

/** Who may reach which patient's reports: the patient, and a doctor they share with now. */
export function reportAccess(
  db: Db,
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>,
) {
  return {
    /** The patient whose reports the caller may reach, or a 404 that does not say whether they exist. */
    async reachablePatient(claims: AccessClaims, patientId: string | undefined) {
      if (claims.role === 'patient') {
        if (patientId !== undefined && patientId !== claims.userId) throw noSuchPatient();
        return claims.userId;
      }
      if (patientId === undefined) {
        throw new AppError(400, 'invalid_input', 'Choose a patient.', {
          patientId: 'Choose a patient.',
        });
      }
      if (!(await isLinked(patientId, claims.userId))) throw noSuchPatient();
      return patientId;
    },

    async reachableReport(claims: AccessClaims, id: string) {
      const report = await findReport(db.kysely, id);
      if (!report) throw noSuchReport();
      const allowed =
        claims.role === 'patient'
          ? report.patient_id === claims.userId
          : await isLinked(report.patient_id, claims.userId);
      if (!allowed) throw noSuchReport();
      return report;
    },
  };
}

export type ReportAccess = ReturnType<typeof reportAccess>;
