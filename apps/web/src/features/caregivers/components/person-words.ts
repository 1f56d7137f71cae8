import type { Caregiving } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import { fullName } from '../../../lib/me';

/** The caregiver's name once they accepted; until then the address invited. */
export const caregiverName = (caregiving: Caregiving) =>
  caregiving.caregiver ? fullName(caregiving.caregiver) : caregiving.email;

export const patientName = (caregiving: Caregiving) => fullName(caregiving.patient);

/** A day, in the person's time zone: 7 Apr 2026. */
export const dayOf = (iso: string, timeZone: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeZone }).format(new Date(iso));
