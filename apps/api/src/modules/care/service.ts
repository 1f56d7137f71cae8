import { AsyncLocalStorage } from 'node:async_hooks';
import {
  MAX_DOCTORS_PER_PATIENT,
  MAX_PATIENTS_PER_DOCTOR,
  type CareLink,
  type DoctorCard,
  type DoctorSummary,
  type LinkedPatient,
  type PageRequest,
  type TrackMedications,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { conflictOn } from '../../lib/unique-violation.ts';
import { accessToPatient, recordAudit, recordAudits } from '../audit/service.ts';
import type { MedicationService } from '../medications/service.ts';
import { noDirectoryStats, type DirectoryService } from '../appointments/service.ts';
import {
  avatarDates,
  countLinks,
  deleteLink,
  findDoctor,
  findLink,
  linkExists,
  findLinkById,
  findLinkDetails,
  insertLink,
  listLinks,
  searchDoctors,
  type LinkDetailsRow,
} from './repo.ts';
import { careSideOf } from '../../lib/care-side.ts';
import { kindsOutsideTargetsOf } from '../measurements/service.ts';

type DoctorRow = NonNullable<Awaited<ReturnType<typeof findDoctor>>>;

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.');

const ACCESS_WORDS: Record<string, string> = {
  'medications.viewed': 'Viewed your medications and doses',
  'patients.listed': 'Saw you in their list of patients, with your date of birth and adherence',
  'care_link.created': 'Started sharing your medications',
  'care_link.ended': 'Stopped sharing your medications',
  'reports.listed': 'Looked at the list of your medical reports',
  'report.viewed': 'Opened one of your medical reports',
  'report.uploaded': 'Added a medical report to your record',
  'report.deleted': 'Deleted a medical report they had added',
  'prescription.written': 'Wrote you a prescription',
  'prescriptions.listed': 'Looked at the list of your prescriptions',
  'prescription.viewed': 'Opened one of your prescriptions',
  'prescription.printed': 'Printed one of your prescriptions as a PDF',
  'prescription.cancelled': 'Cancelled one of your prescriptions',
  'prescription.fill_preparing': 'Started preparing one of your prescriptions',
  'prescription.fill_ready': 'Marked one of your prescriptions ready to collect',
  'prescription.dispensed': 'Dispensed one of your prescriptions',
  'prescription.fill_refused': 'Refused to fill one of your prescriptions',
  'prescription.renewal_approved': 'Renewed one of your prescriptions',
  'prescription.renewal_refused': 'Refused to renew one of your prescriptions',
  'prescription.verified': 'Checked one of your prescriptions by its code',
  'measurement.recorded': 'Recorded a health reading for you',
  'measurement.deleted': 'Deleted a health reading they had recorded',
  'measurements.listed': 'Looked at the list of your health readings',
  'measurements.charted': 'Looked at a chart of your health readings',
  'measurements.summarized': 'Looked at your latest health readings',
  'measurement_targets.viewed': 'Looked at the targets they set for your readings',
  'measurement_targets.changed': 'Changed the targets for your readings',
  'record.exported': 'Downloaded your whole record (FHIR)',
};

function doctorSummary(
  row: Omit<DoctorRow, 'id'> & { id: string },
  avatars: Map<string, string>,
): DoctorSummary {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    avatarUrl: avatarUrl(row.id, avatars.get(row.id)),
    specialty: row.specialty,
    location: row.location,
    yearsofexperience: row.years_of_experience,
    consultationfee: row.consultation_fee_cents === null ? null : row.consultation_fee_cents / 100,
    bio: row.bio,
  };
}

/** The care link a request's gate found (plugins/gates.ts), while that request's answer is open. */
const admittedLinks = new AsyncLocalStorage<{
  key: string;
  answer: { readonly writableEnded: boolean };
}>();
const linkKey = (patientId: string, doctorId: string) => `${patientId}\n${doctorId}`;

/**
 * Runs the rest of a request (`next`) knowing its gate found this care link: `isLinked` then
 * answers it without asking the database again, so a doctor's look costs the gate's query and not
 * a second one in the service. Only for the link the gate found, and only until the request's
 * answer has ended (work it left behind asks again).
 */
export function withAdmittedLink(
  link: { patientId: string; doctorId: string },
  answer: { readonly writableEnded: boolean },
  next: () => void,
): void {
  admittedLinks.run({ key: linkKey(link.patientId, link.doctorId), answer }, next);
}

/**
 * Who may see whose health data. A doctor sees a patient's medications only while a care link exists
 * (the patient made it by sharing); every such read is written to the audit log the patient can read.
 */
export function createCareService(
  db: Db,
  medications: MedicationService,
  directory: Pick<DirectoryService, 'statsOf'>,
  clock: () => Date = () => new Date(),
) {
  async function avatarsOf(ids: string[]) {
    return new Map((await avatarDates(db.kysely, ids)).map((a) => [a.user_id, a.updated_at]));
  }

  /** The one rule of who shares with whom: the route gates (plugins/gates.ts) and the services ask it. */
  async function isLinked(patientId: string, doctorId: string) {
    const admitted = admittedLinks.getStore();
    if (
      admitted !== undefined &&
      !admitted.answer.writableEnded &&
      admitted.key === linkKey(patientId, doctorId)
    ) {
      return true;
    }
    // The gate of a doctor's every request about a patient asks this, so its query is compiled
    // once. Never kept in memory: a gate answers from the database, whatever a cache might say.
    return linkExists(db.kysely, patientId, doctorId);
  }

  function toCareLink(r: LinkDetailsRow, avatars: Map<string, string>): CareLink {
    return {
      _id: r.id,
      createdAt: r.created_at,
      patient: {
        _id: r.patient_id,
        firstname: r.patient_firstname,
        lastname: r.patient_lastname,
        avatarUrl: avatarUrl(r.patient_id, avatars.get(r.patient_id)),
      },
      doctor: doctorSummary(
        { ...r, id: r.doctor_id, firstname: r.doctor_firstname, lastname: r.doctor_lastname },
        avatars,
      ),
    };
  }

  async function links(claims: AccessClaims, page: PageRequest) {
    const { rows, nextCursor } = await listLinks(
      db.kysely,
      claims.userId,
      careSideOf(claims.role),
      page,
    );
    const avatars = await avatarsOf(rows.flatMap((r) => [r.patient_id, r.doctor_id]));
    return { careLinks: rows.map((r) => toCareLink(r, avatars)), nextCursor };
  }

  /**
   * Creates the link inside the caller's transaction, after checking both people's caps there, so a
   * link is never made past a cap however many requests race. Sharing and (later) accepting an
   * appointment both come through here.
   */
  async function insertLinkWithinCaps(
    trx: Executor,
    link: { id: string; patientId: string; doctorId: string; now: Date },
  ) {
    await lockPerson(trx, db.dialect, link.patientId);
    await lockPerson(trx, db.dialect, link.doctorId);
    if ((await countLinks(trx, link.patientId, 'patient')) >= MAX_DOCTORS_PER_PATIENT) {
      throw new AppError(
        409,
        'too_many_care_links',
        `You already share with ${MAX_DOCTORS_PER_PATIENT} doctors, the most Tend allows. Stop sharing with one to add another.`,
      );
    }
    if ((await countLinks(trx, link.doctorId, 'doctor')) >= MAX_PATIENTS_PER_DOCTOR) {
      throw new AppError(
        409,
        'doctor_full',
        'This doctor already follows as many patients as Tend allows; choose another doctor.',
      );
    }
    await insertLink(trx, {
      id: link.id,
      patient_id: link.patientId,
      doctor_id: link.doctorId,
      created_at: link.now.toISOString(),
    });
  }

  return {
    isLinked,
    links,
    insertLinkWithinCaps,

    /**
     * A doctor accepting a patient's visit links the two (DESIGN.md "Permissions"), inside the accept's
     * own transaction; a link that already exists stays as it is.
     */
    async linkOnAcceptedVisit(
      trx: Executor,
      link: { patientId: string; doctorId: string; ip: string },
      now: Date,
    ) {
      // Locked before looking, in the same order as insertLinkWithinCaps, so two accepts link once.
      await lockPerson(trx, db.dialect, link.patientId);
      if (await findLink(trx, link.patientId, link.doctorId)) return;
      await insertLinkWithinCaps(trx, {
        id: newId(),
        patientId: link.patientId,
        doctorId: link.doctorId,
        now,
      });
      await recordAudit(
        trx,
        {
          actorId: link.doctorId,
          action: 'care_link.created',
          subjectId: link.patientId,
          ip: link.ip,
        },
        now,
      );
    },

    /** A page of the directory: each doctor with their reviews and next free slot (appointments). */
    async searchDoctors(q: string | undefined, page: PageRequest, specialty?: string) {
      const { rows, nextCursor } = await searchDoctors(db.kysely, q, page, specialty);
      const ids = rows.map((r) => r.id);
      const [avatars, stats] = await Promise.all([avatarsOf(ids), directory.statsOf(ids)]);
      const doctors: DoctorCard[] = rows.map((r) => ({
        ...doctorSummary(r, avatars),
        ...(stats.get(r.id) ?? noDirectoryStats),
      }));
      return { doctors, nextCursor };
    },

    async share(patientId: string, doctorId: string, ip: string): Promise<CareLink> {
      const doctor = await findDoctor(db.kysely, doctorId);
      if (!doctor)
        throw new AppError(404, 'not_found', 'There is no such doctor.', {
          doctorId: 'There is no such doctor.',
        });
      const alreadyShared = () =>
        new AppError(
          409,
          'already_shared',
          `You already share your medications with Dr. ${doctor.lastname}.`,
        );
      if (await isLinked(patientId, doctorId)) throw alreadyShared();
      const now = new Date();
      const id = newId();
      // Two shares at the same moment both find no link; the pair's unique index keeps one.
      await conflictOn(
        db.kysely.transaction().execute(async (trx) => {
          await insertLinkWithinCaps(trx, { id, patientId, doctorId, now });
          await recordAudit(
            trx,
            { actorId: patientId, action: 'care_link.created', subjectId: patientId, ip },
            now,
          );
        }),
        { table: 'care_links', columns: ['patient_id', 'doctor_id'] },
        alreadyShared,
      );
      const created = await findLinkDetails(db.kysely, id);
      if (!created) throw new AppError(500, 'internal_error', 'The link was not saved.');
      return toCareLink(created, await avatarsOf([patientId, doctorId]));
    },

    /** Either side may end a link; a stranger's attempt looks like a link that does not exist. */
    async end(claims: AccessClaims, id: string, ip: string): Promise<void> {
      const link = await findLinkById(db.kysely, id);
      if (!link || (link.patient_id !== claims.userId && link.doctor_id !== claims.userId)) {
        throw new AppError(404, 'not_found', 'There is no such sharing link.');
      }
      const now = new Date();
      await db.kysely.transaction().execute(async (trx) => {
        await deleteLink(trx, id);
        await recordAudit(
          trx,
          { actorId: claims.userId, action: 'care_link.ended', subjectId: link.patient_id, ip },
          now,
        );
      });
    },

    /**
     * A doctor's linked patients, one page at a time in the order they began sharing; within a page,
     * lowest adherence over the last 7 days first. Adherence is computed, not stored, so no index can
     * order the whole list by it; a page (default 50) holds every patient of most doctors.
     */
    async patientsOf(doctorId: string, page: PageRequest, ip: string) {
      const { rows, nextCursor } = await listLinks(db.kysely, doctorId, 'doctor', page);
      const avatars = await avatarsOf(rows.map((r) => r.patient_id));
      const outside = await kindsOutsideTargetsOf(
        db.kysely,
        doctorId,
        rows.map((r) => r.patient_id),
        clock(),
      );
      const adherence7 = await medications.adherenceTotalsOf(
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
      const tracking = await medications.trackingOf(patientId, page);
      await recordAudit(db.kysely, {
        actorId: doctorId,
        action: 'medications.viewed',
        subjectId: patientId,
        ip,
      });
      const avatars = await avatarsOf([patientId]);
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

    async accessLog(patientId: string, page: PageRequest) {
      const { rows, nextCursor } = await accessToPatient(db.kysely, patientId, page);
      const avatars = await avatarsOf(rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])));
      const events = rows.map((r) => ({
        _id: r.id,
        action: r.action,
        description: ACCESS_WORDS[r.action] ?? r.action,
        createdAt: r.created_at,
        actor:
          r.actor_id && r.firstname !== null && r.lastname !== null && r.user_type !== null
            ? {
                _id: r.actor_id,
                firstname: r.firstname,
                lastname: r.lastname,
                userType: r.user_type,
                avatarUrl: avatarUrl(r.actor_id, avatars.get(r.actor_id)),
              }
            : null,
      }));
      return { events, nextCursor };
    },

    /** Whose picture a viewer may see: their own, any doctor's (the directory), and anyone they are linked with. */
    mayViewPerson: async (viewer: AccessClaims, userId: string): Promise<boolean> => {
      if (viewer.userId === userId) return true;
      if (await findDoctor(db.kysely, userId)) return true;
      return viewer.role === 'doctor' ? isLinked(userId, viewer.userId) : false;
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
