import type { Caregiving } from '@tend/shared';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { areasOf, type CaregiverDetailsRow } from './repo.ts';

const asBoolean = (value: boolean | number) => value === true || value === 1;

/** A relation as its two sides read it. */
export function toCaregiving(r: CaregiverDetailsRow): Caregiving {
  return {
    _id: r.id,
    status: r.status,
    email: r.email,
    areas: areasOf(r.areas),
    alerts: { misseddoses: asBoolean(r.alert_missed_doses), delayminutes: r.alert_delay_minutes },
    patient: {
      _id: r.patient_id,
      firstname: r.patient_firstname,
      lastname: r.patient_lastname,
      avatarUrl: avatarUrl(r.patient_id, r.patient_avatar_at ?? undefined),
    },
    caregiver:
      r.caregiver_id !== null && r.carer_firstname !== null && r.carer_lastname !== null
        ? {
            _id: r.caregiver_id,
            firstname: r.carer_firstname,
            lastname: r.carer_lastname,
            avatarUrl: avatarUrl(r.caregiver_id, r.carer_avatar_at ?? undefined),
          }
        : null,
    dependent: asBoolean(r.patient_dependent),
    createdAt: r.created_at,
    expiresAt: r.status === 'invited' ? r.expires_at : null,
    acceptedAt: r.accepted_at,
  };
}
