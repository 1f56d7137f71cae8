import { MAX_CAREGIVERS, type Caregiving } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { noSuchCaregiving, type CaregiverContext } from './context.ts';
import { findDetails, type CaregiverRow } from './repo.ts';
import { toCaregiving } from './view.ts';

/** What the invitations and the changes of a relation share: its answer, its log, its refusals. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const tooMany = () =>
  new AppError(
    409,
    'too_many_caregivers',
    `You already have ${MAX_CAREGIVERS} caregivers and invitations, the most Tend allows. Remove one to invite another.`,
  );
export const alreadyCaring = () =>
  new AppError(409, 'already_caregiver', 'This person already helps you, or is already invited.');
export const notYourself = () =>
  new AppError(400, 'validation_failed', 'You cannot be your own caregiver.', {
    email: 'You cannot be your own caregiver.',
  });
export const onlyPatients = () =>
  new AppError(
    409,
    'not_a_patient_account',
    'Only a patient account can help you. Ask them to sign up as a patient with another address.',
  );
export const lapsed = () =>
  new AppError(410, 'invitation_lapsed', 'This invitation has lapsed. Ask for a new one.');

/** A relation as both sides read it, after a change. */
export async function answerOf({ db }: CaregiverContext, id: string): Promise<Caregiving> {
  const row = await findDetails(db.kysely, id);
  if (!row) throw noSuchCaregiving();
  return toCaregiving(row);
}

/** A step of the relation in the patient's access log, in the step's transaction. */
export async function auditRelation(
  trx: Executor,
  actorId: string,
  row: CaregiverRow,
  action: 'caregiver.invited' | 'caregiver.accepted' | 'caregiver.changed' | 'caregiver.ended',
  ip: string,
  now: Date,
) {
  await recordAudit(trx, { actorId, action, subjectId: row.patient_id, ip }, now);
}
