import type { Caregiving, PageRequest } from '@tend/shared';
import { recipientOf } from '../../db/people.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { OnBehalf, OnBehalfArea } from '../../lib/acting-for.ts';
import { recordOnBehalfNow } from '../audit/service.ts';
import type { CaregiverContext } from './context.ts';
import { dependentCommands } from './dependents.ts';
import { invitationCommands } from './invitations.ts';
import { caregiverReach } from './missed-doses.ts';
import { relationChanges } from './relation-changes.ts';
import { activeAreas, listOfCaregiver, listOfPatient } from './repo.ts';
import { toCaregiving } from './view.ts';

/** Caregivers: the relations patients make with other patient accounts, and what they grant. */
export function createCaregiverService(ctx: CaregiverContext) {
  const { db, clock } = ctx;
  return {
    ...invitationCommands(ctx),
    ...relationChanges(ctx),
    ...dependentCommands(ctx),
    ...caregiverReach(ctx),

    /** A patient's caregivers, or (`as: caregiver`) the people the caller cares for. */
    async list(
      claims: AccessClaims,
      as: 'patient' | 'caregiver',
      page: PageRequest,
    ): Promise<{ caregivers: Caregiving[]; nextCursor: string | null }> {
      const now = clock().toISOString();
      if (as === 'patient') {
        const { rows, nextCursor } = await listOfPatient(db.kysely, claims.userId, now, page);
        return { caregivers: rows.map(toCaregiving), nextCursor };
      }
      const me = await recipientOf(db.kysely, claims.userId);
      const { rows, nextCursor } = await listOfCaregiver(
        db.kysely,
        { id: claims.userId, emailNormalized: me?.email_normalized ?? '' },
        now,
        page,
      );
      return { caregivers: rows.map(toCaregiving), nextCursor };
    },

    /**
     * The one rule of what a caregiver may reach: the areas of an accepted relation, read from the
     * database on every request (never kept), so a removal holds from the next request on.
     */
    areasOf: (patientId: string, caregiverId: string): Promise<OnBehalfArea[] | undefined> =>
      activeAreas(db.kysely, patientId, caregiverId),

    /** A caregiver's look or action, in the patient's access log before it runs (the gate asks). */
    recordOnBehalf: async (onBehalf: OnBehalf, write: boolean, ip: string): Promise<void> => {
      await recordOnBehalfNow(
        db.kysely,
        {
          actorId: onBehalf.caregiverId,
          action: `caregiver.${onBehalf.area}.${write ? 'changed' : 'viewed'}`,
          subjectId: onBehalf.patientId,
          ip,
        },
        clock(),
      );
    },
  };
}
export type CaregiverService = ReturnType<typeof createCaregiverService>;
