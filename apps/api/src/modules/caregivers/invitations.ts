import {
  CAREGIVER_INVITATION_DAYS,
  MAX_CAREGIVERS,
  type Caregiving,
  type caregiverInviteSchema,
} from '@tend/shared';
import type { z } from 'zod';
import { recipientByEmail, recipientOf } from '../../db/people.ts';
import { lockPerson } from '../../db/person-lock.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { newId } from '../../lib/ids.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { noSuchCaregiving, type CaregiverContext } from './context.ts';
import { invitationEmail, noticeOf } from './notices.ts';
import {
  alreadyCaring,
  answerOf,
  auditRelation as audit,
  DAY_MS,
  lapsed,
  notYourself,
  onlyPatients,
  tooMany,
} from './relation-kit.ts';
import {
  countOfPatient,
  deleteCaregiver,
  deleteLapsed,
  findById,
  findByTokenHash,
  findInvitation,
  findPair,
  insertCaregiver,
  updateCaregiver,
  type CaregiverRow,
} from './repo.ts';

type Invite = z.output<typeof caregiverInviteSchema>;

/** Invitations: made by the patient, answered by the invited patient account. */
export function invitationCommands(ctx: CaregiverContext) {
  const { db, clock } = ctx;
  const answer = (id: string) => answerOf(ctx, id);

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
        // Their missed-dose alerts start with today's doses still to come.
        await ctx.planAlerts(trx, row.patient_id);
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

    /** The invitation an emailed link names, for the page it opens (who invites, for what). */
    async invitationByLink(id: string, token: string) {
      const row = await findByTokenHash(db.kysely, hashRandomToken(token));
      if (!row || row.id !== id || row.status !== 'invited') throw noSuchCaregiving();
      if (row.expires_at !== null && row.expires_at <= clock().toISOString()) throw lapsed();
      return answer(id);
    },
  };
}
