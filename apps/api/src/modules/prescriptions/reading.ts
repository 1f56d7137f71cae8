import type { PageRequest, Prescription, PrescriptionList, PrescriptionStatus } from '@tend/shared';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { noSuchPatient } from '../../lib/patient-asked.ts';
import { recordAudits } from '../audit/service.ts';
import { auditByOthers, reachable, withFills, type PrescriptionContext } from './context.ts';
import { listPrescriptions } from './repo.ts';

/** Reading prescriptions: a role's list, one by id, one to print. Every look by others is logged. */
export function readingService(ctx: PrescriptionContext) {
  const { db, clock, isLinked } = ctx;

  return {
    async list(
      claims: AccessClaims,
      query: {
        status?: PrescriptionStatus | undefined;
        patientId?: string | undefined;
        fill?: 'open' | undefined;
      },
      page: PageRequest,
      ip: string,
    ): Promise<PrescriptionList> {
      const now = clock().toISOString();
      const { status, patientId } = query;
      const openFill = query.fill === 'open';
      let filter;
      switch (claims.role) {
        case 'patient':
          if (patientId !== undefined && patientId !== claims.userId) throw noSuchPatient();
          filter = { patientId: claims.userId, status, openFill, now };
          break;
        case 'doctor':
          if (patientId !== undefined && !(await isLinked(patientId, claims.userId))) {
            throw noSuchPatient();
          }
          filter = { doctorId: claims.userId, patientId, status, openFill, now };
          break;
        case 'pharmacy':
          // Those sent to it; a pharmacy has no patients of its own to narrow the list to.
          if (patientId !== undefined) throw noSuchPatient();
          filter = { pharmacyId: claims.userId, status, openFill, now };
          break;
      }
      const { rows, nextCursor } = await listPrescriptions(db.kysely, filter, page);
      const shown = [...new Set(rows.map((r) => r.patient_id))];
      if (claims.role !== 'patient' && shown.length > 0) {
        // One statement for the whole page: each patient shown gets their event.
        await recordAudits(
          db.kysely,
          shown.map((subjectId) => ({
            actorId: claims.userId,
            action: 'prescriptions.listed' as const,
            subjectId,
            ip,
          })),
          clock(),
        );
      }
      return { prescriptions: await withFills(ctx, rows, claims.role), nextCursor };
    },

    async get(claims: AccessClaims, id: string, ip: string): Promise<Prescription> {
      const row = await reachable(ctx, claims, id);
      await auditByOthers(ctx, db.kysely, claims, 'prescription.viewed', row.patient_id, ip);
      return (await withFills(ctx, [row], claims.role))[0] as Prescription;
    },

    /** What the PDF prints; the caller renders it. A doctor's print is in the patient's log. */
    async forPrinting(claims: AccessClaims, id: string, ip: string): Promise<Prescription> {
      const row = await reachable(ctx, claims, id);
      await auditByOthers(ctx, db.kysely, claims, 'prescription.printed', row.patient_id, ip);
      return (await withFills(ctx, [row], claims.role))[0] as Prescription;
    },
  };
}
