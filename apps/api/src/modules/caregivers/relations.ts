import {
  CAREGIVER_INVITATION_DAYS,
  MAX_CAREGIVERS,
  type CaregiverInvite,
  type CaregiverPatch,
  type Caregiving,
  type caregiverInviteSchema,
} from '@tend/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/schema.ts';
import { recipientByEmail, recipientOf } from '../../db/people.ts';
import { lockPerson } from '../../db/person-lock.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { noSuchCaregiving, type CaregiverContext } from './context.ts';
import { invitationEmail, noticeOf } from './notices.ts';
import {
  countOfPatient,
  deleteCaregiver,
  deleteLapsed,
  findById,
  findByTokenHash,
  findDetails,
  findInvitation,
  findPair,
  insertCaregiver,
  updateCaregiver,
  type CaregiverRow,
} from './repo.ts';
import { toCaregiving } from './view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type Invite = z.output<typeof caregiverInviteSchema>;

const tooMany = () =>
  new AppError(
    409,
    'too_many_caregivers',
    `You already have ${MAX_CAREGIVERS} caregivers and invitations, the most Tend allows. Remove one to invite another.`,
  );
const alreadyCaring = () =>
  new AppError(409, 'already_caregiver', 'This person already helps you, or is already invited.');
const notYourself = () =>
  new AppError(400, 'validation_failed', 'You cannot be your own caregiver.', {
    email: 'You cannot be your own caregiver.',
  });
const onlyPatients = () =>
  new AppError(
    409,
    'not_a_patient_account',
    'Only a patient account can help you. Ask them to sign up as a patient with another address.',
  );
const lapsed = () =>
  new AppError(410, 'invitation_lapsed', 'This invitation has lapsed. Ask for a new one.');

/** Invitations, acceptance, changes and endings: the relation as both sides shape it. */
export function relationCommands(ctx: CaregiverContext) {
  const { db, clock } = ctx;

  async function answer(id: string): Promise<Caregiving> {
    const row = await findDetails(db.kysely, id);
    if (!row) throw noSuchCaregiving();
    return toCaregiving(row);
  }

  /** An open invitation the caller may answer: addressed to them, or opened by its emailed link. */
  async function invitationFor(claims: AccessClaims, id: string, token: string | undefined) {
    const row = await findById(db.kysely, id);
    if (!row || row.status !== 'invited') throw noSuchCaregiving();
    const me = await recipientOf(db.kysely, claims.userId);
    const byLink = token !== undefined && row.token_hash === hashRandomToken(token);
    if (!me || (!byLink && me.email_normalized !== row.email_normalized)) throw noSuchCaregiving();
    if (row.expires_at !== null && row.expires_at <= clock().toISOString()) throw lapsed();
    if (row.patient_id === claims.userId) throw notYourself();
    return row;
  }

  async function audit(
    trx: Executor,
    actorId: string,
    row: CaregiverRow,
    action: 'caregiver.invited' | 'caregiver.accepted' | 'caregiver.changed' | 'caregiver.ended',
    ip: string,
    now: Date,
  ) {
    await recordAudit(trx, { actorId, action, subjectId: row.patient_id, ip }, now);
  }

  return {
    async invite(patientId: string, input: Invite, ip: string): Promise<Caregiving> {
      const now = clock();
      const email = input.email.trim();
      const emailNormalized = email.toLowerCase();
      const patient = await recipientOf(db.kysely, patientId);
      if (!patient) throw noSuchCaregiving();
      if (patient.email_normalized === emailNormalized) throw notYourself();
      const invitee = await recipientByEmail(db.kysely, email);
      const id = newId();
      const { token, hash } = newRandomToken();
      await db.kysely.transaction().execute(async (trx) => {
        // Locked, so racing invitations count each other against the cap.
        await lockPerson(trx, db.dialect, patientId);
        await deleteLapsed(trx, patientId, now.toISOString());
        if (await findInvitation(trx, patientId, emailNormalized)) throw alreadyCaring();
        if (invitee && (await findPair(trx, patientId, invitee.id))) throw alreadyCaring();
        if ((await countOfPatient(trx, patientId, now.toISOString())) >= MAX_CAREGIVERS) {
          throw tooMany();
        }
        const row: CaregiverRow = {
          id,
          patient_id: patientId,
          caregiver_id: null,
          email,
          email_normalized: emailNormalized,
          areas: input.areas.join(','),
          alert_missed_doses: input.alerts.misseddoses,
          alert_delay_minutes: input.alerts.delayminutes,
          status: 'invited',
          token_hash: hash,
          expires_at: new Date(now.getTime() + CAREGIVER_INVITATION_DAYS * DAY_MS).toISOString(),
          accepted_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        };
        await insertCaregiver(trx, row);
        await audit(trx, patientId, row, 'caregiver.invited', ip, now);
        // The same answer whether or not the address has an account; only what is sent differs.
        const link = `${ctx.publicUrl}/caregiving/accept?invitation=${id}#${token}`;
        if (invitee && invitee.user_type === 'patient' && !invitee.disabled_at) {
          await ctx.tell(
            trx,
            invitee,
            noticeOf('invited', invitee, { patient, carer: invitee }, id, link),
          );
        } else if (!invitee) {
          await ctx.sendEmail(trx, invitationEmail(patient, email, link), `caregiver-invite:${id}`);
        }
        await ctx.publish(trx, [patientId], { caregivingId: id, change: 'invited' });
      });
      return answer(id);
    },

    async accept(claims: AccessClaims, id: string, token: string | undefined, ip: string) {
      const row = await invitationFor(claims, id, token);
      if (claims.role !== 'patient') throw onlyPatients();
      const now = clock();
      await db.kysely.transaction().execute(async (trx) => {
        await lockPerson(trx, db.dialect, row.patient_id);
        if (await findPair(trx, row.patient_id, claims.userId)) throw alreadyCaring();
        await updateCaregiver(trx, id, {
          caregiver_id: claims.userId,
          status: 'active',
          token_hash: null,
          expires_at: null,
          accepted_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await audit(trx, claims.userId, row, 'caregiver.accepted', ip, now);
        const patient = await recipientOf(trx, row.patient_id);
        const carer = await recipientOf(trx, claims.userId);
        if (patient && carer) {
          await ctx.tell(
            trx,
            patient,
            noticeOf(
              'accepted',
              patient,
              { patient, carer },
              id,
              `${ctx.publicUrl}/patient/caregivers`,
            ),
          );
        }
        await ctx.publish(trx, [row.patient_id, claims.userId], {
          caregivingId: id,
          change: 'accepted',
        });
      });
      return answer(id);
    },

    async decline(claims: AccessClaims, id: string, token: string | undefined) {
      const row = await invitationFor(claims, id, token);
      await db.kysely.transaction().execute(async (trx) => {
        await deleteCaregiver(trx, id);
        await ctx.publish(trx, [row.patient_id], { caregivingId: id, change: 'declined' });
      });
    },

    async change(claims: AccessClaims, id: string, patch: CaregiverPatch, ip: string) {
      const row = await findById(db.kysely, id);
      if (!row || (row.patient_id !== claims.userId && row.caregiver_id !== claims.userId)) {
        throw noSuchCaregiving();
      }
      const asPatient = row.patient_id === claims.userId;
      if (!asPatient && (patch.areas !== undefined || patch.alerts?.delayminutes !== undefined)) {
        throw new AppError(
          403,
          'patient_decides',
          'Only the person you help chooses what you may see and do, and when you are alerted.',
        );
      }
      if (asPatient && patch.alerts?.misseddoses !== undefined && row.status === 'active') {
        throw new AppError(
          403,
          'caregiver_decides',
          'Whether they get missed-dose alerts is their choice; you choose the delay.',
        );
      }
      const now = clock();
      await db.kysely.transaction().execute(async (trx) => {
        await updateCaregiver(trx, id, {
          ...(patch.areas !== undefined ? { areas: patch.areas.join(',') } : {}),
          ...(patch.alerts?.misseddoses !== undefined
            ? { alert_missed_doses: patch.alerts.misseddoses }
            : {}),
          ...(patch.alerts?.delayminutes !== undefined
            ? { alert_delay_minutes: patch.alerts.delayminutes }
            : {}),
          updated_at: now.toISOString(),
        });
        await audit(trx, claims.userId, row, 'caregiver.changed', ip, now);
        const others = [row.patient_id, ...(row.caregiver_id ? [row.caregiver_id] : [])];
        await ctx.publish(trx, others, { caregivingId: id, change: 'changed' });
      });
      return answer(id);
    },

    /** Either side ends it at once; the other is told. */
    async end(claims: AccessClaims, id: string, ip: string) {
      const row = await findById(db.kysely, id);
      if (!row || (row.patient_id !== claims.userId && row.caregiver_id !== claims.userId)) {
        throw noSuchCaregiving();
      }
      const now = clock();
      await db.kysely.transaction().execute(async (trx) => {
        await deleteCaregiver(trx, id);
        await audit(trx, claims.userId, row, 'caregiver.ended', ip, now);
        if (row.caregiver_id !== null) {
          const patient = await recipientOf(trx, row.patient_id);
          const carer = await recipientOf(trx, row.caregiver_id);
          const byPatient = claims.userId === row.patient_id;
          const told = byPatient ? carer : patient;
          if (patient && carer && told) {
            const change = byPatient ? 'removed' : 'steppedBack';
            const link = `${ctx.publicUrl}/${byPatient ? 'patient' : 'patient/caregivers'}`;
            await ctx.tell(trx, told, noticeOf(change, told, { patient, carer }, id, link));
          }
        }
        const both = [row.patient_id, ...(row.caregiver_id ? [row.caregiver_id] : [])];
        await ctx.publish(trx, both, { caregivingId: id, change: 'ended' });
      });
    },

    /** The invitation an emailed link names, for the page it opens (who invites, for what). */
    async invitationByLink(id: string, token: string) {
      const row = await findByTokenHash(db.kysely, hashRandomToken(token));
      if (!row || row.id !== id || row.status !== 'invited') throw noSuchCaregiving();
      if (row.expires_at !== null && row.expires_at <= clock().toISOString()) throw lapsed();
      return answer(id);
    },
  };
}
export type { CaregiverInvite };
