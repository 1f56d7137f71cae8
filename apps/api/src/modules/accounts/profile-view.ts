import type { PharmacyProfile, Profile, User } from '@tend/shared';
import { avatarUrl } from '../../lib/avatar-url.ts';
import type { UserRow } from './users-repo.ts';

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    userType: row.user_type,
  };
}

export function toProfile(
  row: UserRow,
  avatarUpdatedAt: string | undefined,
  pendingEmail: string | null,
  pharmacy: PharmacyProfile | null,
  /** The clinic's currency: a doctor's fee is in it. */
  currency: string,
): Profile {
  return {
    ...toUser(row),
    dateofbirth: row.dateofbirth,
    bloodgroup: row.bloodgroup,
    number: row.number,
    address: row.address,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    timezone: row.timezone,
    units: row.units,
    language: row.language,
    avatarUrl: avatarUrl(row.id, avatarUpdatedAt),
    specialty: row.specialty,
    yearsofexperience: row.years_of_experience,
    consultationfee: row.consultation_fee_cents === null ? null : row.consultation_fee_cents / 100,
    currency,
    location: row.location,
    bio: row.bio,
    pharmacy,
    pendingemail: pendingEmail,
  };
}
