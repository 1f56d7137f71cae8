import type { CaregiverPatch } from '@tend/shared';
import { recipientOf } from '../../db/people.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError } from '../../lib/app-error.ts';
import { noSuchCaregiving, type CaregiverContext } from './context.ts';
import { noticeOf } from './notices.ts';
import { answerOf, auditRelation as audit } from './relation-kit.ts';
import { deleteCaregiver, findById, updateCaregiver } from './repo.ts';

const stillDependent = () =>
  new AppError(
    409,
    'dependent_has_no_sign_in',
    'They have no sign-in of their own, so nobody else could open their record. Send them their own sign-in first.',
  );

/** An accepted or invited relation changed by either side, or ended at once. */
export function relationChanges(ctx: CaregiverContext) {
  const { db, clock } = ctx;
  const answer = (id: string) => answerOf(ctx, id);

  return {
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
        // A delay, an area or the wish for alerts changed: the alerts still to come follow.
        if (row.status === 'active') await ctx.planAlerts(trx, row.patient_id);
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
      // A dependent would be left with nobody who can open their record (decision 051).
      if (await ctx.accounts.isDependent(db.kysely, row.patient_id)) throw stillDependent();
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
  };
}
