import type { DoctorCard, LinkedPatient, PageRequest, TrackMedications } from '@tend/shared';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { recordAudit, recordAudits } from '../audit/service.ts';
import {
  avatarsOf,
  doctorSummary,
  noSuchPatient,
  type CareContext,
  type DirectoryStats,
} from './context.ts';
import { findDoctor, listLinks, searchDoctors } from './repo.ts';

/** A doctor without reviews or free slots. */
const noDirectoryStats: DirectoryStats = {
  rating: null,
  reviewcount: 0,
  recommendpercent: null,
  availabletoday: false,
  nextslot: null,
};

/**
 * The people on either side of care: the directory of doctors, a doctor's linked patients and
 * one patient's medications as that doctor tracks them, and whose picture a person may see.
 */
export function peopleService(
  { db, clock, needs, currency }: CareContext,
  isLinked: (patientId: string, doctorId: string) => Promise<boolean>,
) {
  return {
    /** A page of the directory: each doctor with their reviews and next free slot (appointments). */
    async searchDoctors(q: string | undefined, page: PageRequest, specialty?: string) {
      const { rows, nextCursor } = await searchDoctors(db.kysely, q, page, specialty);
      const ids = rows.map((r) => r.id);
      const [avatars, stats] = await Promise.all([avatarsOf(db, ids), needs.directoryStatsOf(ids)]);
      const doctors: DoctorCard[] = rows.map((r) => ({
        ...doctorSummary(r, avatars, currency),
        ...(stats.get(r.id) ?? noDirectoryStats),
      }));
      return { doctors, nextCursor };
    },

    /**
     * A doctor's linked patients, one page at a time in the order they began sharing; within a page,
     * lowest adherence over the last 7 days first. Adherence is computed, not stored, so no index can
     * order the whole list by it; a page (default 50) holds every patient of most doctors.
     */
    async patientsOf(doctorId: string, page: PageRequest, ip: string) {
      const { rows, nextCursor } = await listLinks(db.kysely, doctorId, 'doctor', page);
      const avatars = await avatarsOf(
        db,
        rows.map((r) => r.patient_id),
      );
      const outside = await needs.outsideTargetsOf(
        doctorId,
        rows.map((r) => r.patient_id),
        clock(),
      );
      const adherence7 = await needs.adherenceTotalsOf(
        rows.map((r) => r.patient_id),
        7,
      );
      const patients = rows.map((r) => ({
        _id: r.patient_id,
        firstname: r.patient_firstname,
        lastname: r.patient_lastname,
        avatarUrl: avatarUrl(r.patient_id, avatars.get(r.patient_id)),
        dateofbirth: r.patient_dateofbirth,
        linkedAt: r.created_at,
        adherence7: adherence7.get(r.patient_id) ?? { taken: 0, due: 0 },
        outsidetarget: outside.get(r.patient_id) ?? [],
      }));
      const rate = (p: LinkedPatient) =>
        p.adherence7.due === 0 ? 2 : p.adherence7.taken / p.adherence7.due;
      patients.sort((a, b) => rate(a) - rate(b) || a.lastname.localeCompare(b.lastname));
      // The page shows each patient's date of birth and adherence: a read of their health data.
      await recordAudits(
        db.kysely,
        patients.map((p) => ({
          actorId: doctorId,
          action: 'patients.listed' as const,
          subjectId: p._id,
          ip,
        })),
        // The app's clock: the once-an-hour rule of live refreshes (decision 054) counts by it.
        clock(),
      );
      return { patients, nextCursor };
    },

    async track(
      doctorId: string,
      patientId: string,
      page: PageRequest,
      ip: string,
    ): Promise<TrackMedications> {
      if (!(await isLinked(patientId, doctorId))) throw noSuchPatient();
      const patient = await db.kysely
        .selectFrom('users')
        .select(['id', 'firstname', 'lastname', 'timezone'])
        .where('id', '=', patientId)
        .executeTakeFirst();
      if (!patient) throw noSuchPatient();
      const tracking = await needs.trackingOf(patientId, page);
      await recordAudit(
        db.kysely,
        {
          actorId: doctorId,
          action: 'medications.viewed',
          subjectId: patientId,
          ip,
        },
        clock(),
      );
      const avatars = await avatarsOf(db, [patientId]);
      return {
        patient: {
          _id: patient.id,
          firstname: patient.firstname,
          lastname: patient.lastname,
          timezone: patient.timezone,
          avatarUrl: avatarUrl(patient.id, avatars.get(patient.id)),
        },
        ...tracking,
      };
    },

    /** Whose picture a viewer may see: their own, any doctor's (the directory), and anyone they are linked with. */
    mayViewPerson: async (viewer: AccessClaims, userId: string): Promise<boolean> => {
      if (viewer.userId === userId) return true;
      if (await findDoctor(db.kysely, userId)) return true;
      return viewer.role === 'doctor' ? isLinked(userId, viewer.userId) : false;
    },
  };
}
