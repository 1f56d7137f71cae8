import {
  CAREGIVER_AREAS,
  CAREGIVER_INVITATION_DAYS,
  MAX_DEPENDENTS,
  MISSED_DOSE_DELAY_DEFAULT,
  type Caregiving,
  type DependentInvitation,
  type dependentInputSchema,
} from '@tend/shared';
import type { z } from 'zod';
import { recipientOf } from '../../db/people.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { newId } from '../../lib/ids.ts';
import { hashRandomToken, newRandomToken } from '../../lib/random-tokens.ts';
import { recordAudit } from '../audit/service.ts';
import type { CaregiverContext } from './context.ts';
import {
  countDependentsOf,
  deleteDependentInvitation,
  findDependentInvitation,
  replaceDependentInvitation,
} from './dependents-repo.ts';
import { noticeOf, ownSignInEmail } from './notices.ts';
import { answerOf, DAY_MS, lapsed } from './relation-kit.ts';
import { findPair, insertCaregiver } from './repo.ts';

type NewDependent = z.output<typeof dependentInputSchema>;

const noSuchDependent = () =>
  new AppError(404, 'not_found', 'There is no such person among those you look after.');
const tooManyDependents = () =>
  new AppError(
    409,
    'too_many_dependents',
    `You already look after ${MAX_DEPENDENTS} people without their own sign-in, the most Tend allows.`,
  );
const noSuchInvitation = () =>
  new AppError(404, 'not_found', 'This link is not valid. Ask for a new invitation.');
const addressTaken = () =>
  new AppError(
    409,
    'email_taken',
    'This address already has a Tend account. Ask for an invitation to another address.',
    { email: 'This address already has a Tend account.' },
  );

/**
 * Dependents (docs/decisions/051): a patient record without a sign-in, made by a patient who then
 * cares for it with every area; later handed a sign-in of its own by an emailed invitation.
 */
export function dependentCommands(ctx: CaregiverContext) {
  const { db, clock, accounts } = ctx;

  /** The dependent a caregiver made and still looks after, without a sign-in of their own. */
  async function ownDependent(caregiverId: string, dependentId: string) {
    const pair = await findPair(db.kysely, dependentId, caregiverId);
    if (
      !pair ||
      pair.status !== 'active' ||
      !(await accounts.isDependent(db.kysely, dependentId))
    ) {
      throw noSuchDependent();
    }
    return pair;
  }

  return {
    /** A new dependent, cared for by its maker with every area; answered as that relation. */
    async addDependent(makerId: string, input: NewDependent, ip: string): Promise<Caregiving> {
      const now = clock();
      const maker = await recipientOf(db.kysely, makerId);
      if (!maker) throw noSuchDependent();
      const linkId = newId();
      await db.kysely.transaction().execute(async (trx) => {
        // Locked, so two dependents added at once count each other against the cap.
        await lockPerson(trx, db.dialect, makerId);
        if ((await countDependentsOf(trx, makerId)) >= MAX_DEPENDENTS) throw tooManyDependents();
        const dependentId = await accounts.addDependent(
          trx,
          { ...input, timezone: maker.timezone, language: maker.language },
          now,
        );
        await insertCaregiver(trx, {
          id: linkId,
          patient_id: dependentId,
          caregiver_id: makerId,
          email: maker.email,
          email_normalized: maker.email_normalized,
          areas: CAREGIVER_AREAS.join(','),
          alert_missed_doses: false,
          alert_delay_minutes: MISSED_DOSE_DELAY_DEFAULT,
          status: 'active',
          token_hash: null,
          expires_at: null,
          accepted_at: now.toISOString(),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await recordAudit(
          trx,
          { actorId: makerId, action: 'dependent.added', subjectId: dependentId, ip },
          now,
        );
        await ctx.publish(trx, [makerId], { caregivingId: linkId, change: 'accepted' });
      });
      return answerOf(ctx, linkId);
    },

    /**
     * Sends the dependent a sign-in of their own, to the address given; a new one replaces the open
     * one. The same answer whether or not the address has an account: taking it is checked when
     * the link is used.
     */
    async inviteDependent(caregiverId: string, dependentId: string, email: string, ip: string) {
      await ownDependent(caregiverId, dependentId);
      const now = clock();
      const { token, hash } = newRandomToken();
      const id = newId();
      const expiresAt = new Date(now.getTime() + CAREGIVER_INVITATION_DAYS * DAY_MS).toISOString();
      await db.kysely.transaction().execute(async (trx) => {
        await replaceDependentInvitation(trx, {
          dependent_id: dependentId,
          id,
          invited_by: caregiverId,
          email: email.trim(),
          email_normalized: email.trim().toLowerCase(),
          token_hash: hash,
          expires_at: expiresAt,
          created_at: now.toISOString(),
        });
        await recordAudit(
          trx,
          { actorId: caregiverId, action: 'dependent.invited', subjectId: dependentId, ip },
          now,
        );
        const carer = await recipientOf(trx, caregiverId);
        const dependent = await recipientOf(trx, dependentId);
        if (carer && dependent) {
          const link = `${ctx.publicUrl}/caregiving/own-sign-in?invitation=${id}#${token}`;
          await ctx.sendEmail(
            trx,
            ownSignInEmail(carer, email.trim(), link),
            `dependent-invite:${id}`,
          );
        }
      });
      return { email: email.trim(), expiresAt };
    },

    /** The invitation an emailed link names, for the page where the dependent picks a password. */
    async dependentInvitationByLink(id: string, token: string): Promise<DependentInvitation> {
      const row = await findDependentInvitation(db.kysely, id, hashRandomToken(token));
      if (!row) throw noSuchInvitation();
      if (row.expires_at <= clock().toISOString()) throw lapsed();
      const dependent = await recipientOf(db.kysely, row.dependent_id);
      const carer = await recipientOf(db.kysely, row.invited_by);
      if (!dependent || !carer) throw noSuchInvitation();
      const summary = (p: typeof dependent) => ({
        _id: p.id,
        firstname: p.firstname,
        lastname: p.lastname,
        avatarUrl: avatarUrl(p.id, undefined),
      });
      return {
        _id: row.id,
        email: row.email,
        dependent: summary(dependent),
        invitedBy: summary(carer),
        expiresAt: row.expires_at,
      };
    },

    /**
     * The dependent takes their own sign-in: the invited address and the chosen password. From then
     * on they are a patient like any other; the one who made them keeps every area until they
     * change it.
     */
    async takeOwnSignIn(id: string, token: string, password: string, ip: string) {
      const row = await findDependentInvitation(db.kysely, id, hashRandomToken(token));
      if (!row) throw noSuchInvitation();
      if (row.expires_at <= clock().toISOString()) throw lapsed();
      const passwordHash = await accounts.preparePassword(password, 'password');
      const now = clock();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          if (!(await accounts.isDependent(trx, row.dependent_id))) throw noSuchInvitation();
          await accounts.handOwnSignIn(
            trx,
            row.dependent_id,
            { email: row.email, passwordHash },
            now,
          );
          await deleteDependentInvitation(trx, row.dependent_id);
          await recordAudit(
            trx,
            {
              actorId: row.dependent_id,
              action: 'dependent.own_sign_in',
              subjectId: row.dependent_id,
              ip,
            },
            now,
          );
          await tellTheCarer(trx, row.dependent_id, row.invited_by);
        });
      } catch (error) {
        if (accounts.isEmailTaken(error)) throw addressTaken();
        throw error;
      }
      return { email: row.email };
    },
  };

  /** The one who made the dependent hears that they now sign in on their own. */
  async function tellTheCarer(
    trx: Parameters<CaregiverContext['tell']>[0],
    dependentId: string,
    carerId: string,
  ) {
    const pair = await findPair(trx, dependentId, carerId);
    const carer = await recipientOf(trx, carerId);
    const patient = await recipientOf(trx, dependentId);
    if (!pair || !carer || !patient) return;
    await ctx.tell(
      trx,
      carer,
      noticeOf(
        'ownSignIn',
        carer,
        { patient, carer },
        pair.id,
        `${ctx.publicUrl}/patient/caregivers`,
      ),
    );
    await ctx.publish(trx, [carerId, dependentId], { caregivingId: pair.id, change: 'changed' });
  }
}
