import {
  MAX_DOCTORS_PER_PATIENT,
  MAX_PATIENTS_PER_DOCTOR,
  type CareLink,
  type PageRequest,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { careSideOf } from '../../lib/care-side.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { conflictOn } from '../../lib/unique-violation.ts';
import { recordAudit } from '../audit/service.ts';
import { admittedFor } from './admitted-links.ts';
import { avatarsOf, doctorSummary, type CareContext } from './context.ts';
import {
  countLinks,
  deleteLink,
  findDoctor,
  findLink,
  findLinkById,
  findLinkDetails,
  insertLink,
  linkExists,
  linkedDoctorIds,
  listLinks,
  type LinkDetailsRow,
} from './repo.ts';

function toCareLink(r: LinkDetailsRow, avatars: Map<string, string>, currency: string): CareLink {
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
      currency,
    ),
  };
}

/** Care links: whether two people share, the links of either side, sharing and ending. */
export function linkService({ db, currency }: CareContext) {
  /** The one rule of who shares with whom: the route gates (plugins/gates.ts) and the services ask it. */
  async function isLinked(patientId: string, doctorId: string) {
    if (admittedFor(patientId, doctorId)) return true;
    // The gate of a doctor's every request about a patient asks this, so its query is compiled
    // once. Never kept in memory: a gate answers from the database, whatever a cache might say.
    return linkExists(db.kysely, patientId, doctorId);
  }

  async function links(claims: AccessClaims, page: PageRequest) {
    const { rows, nextCursor } = await listLinks(
      db.kysely,
      claims.userId,
      careSideOf(claims.role),
      page,
    );
    const avatars = await avatarsOf(
      db,
      rows.flatMap((r) => [r.patient_id, r.doctor_id]),
    );
    return { careLinks: rows.map((r) => toCareLink(r, avatars, currency)), nextCursor };
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
    /** Only who they are, read in the caller's transaction: a live event needs no more. */
    linkedDoctorIdsOf: (executor: Executor, patientId: string) =>
      linkedDoctorIds(executor, patientId),
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
      return toCareLink(created, await avatarsOf(db, [patientId, doctorId]), currency);
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
  };
}
