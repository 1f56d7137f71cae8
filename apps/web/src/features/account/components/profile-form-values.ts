import {
  DOCTOR_PROFILE_FIELDS,
  type BloodGroup,
  type Profile,
  type UnitSystem,
} from '@tend/shared';

/** What the form holds: text as typed ('' for empty); numbers as NumberInput gives them. */
export type ProfileFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  dateofbirth: string;
  bloodgroup: '' | BloodGroup;
  number: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  timezone: string;
  /** How health readings are shown and typed (metric or US). */
  units: UnitSystem;
  specialty: string;
  yearsofexperience: string | number;
  consultationfee: string | number;
  location: string;
  bio: string;
  /** Asked for only while the email differs from the saved one (docs/decisions/020). */
  currentPassword: string;
};

const TEXT_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'dateofbirth',
  'number',
  'address',
  'city',
  'state',
  'postcode',
  'country',
  'specialty',
  'location',
  'bio',
] as const;
const NUMBER_FIELDS = ['yearsofexperience', 'consultationfee'] as const;

/**
 * The form's starting values. A profile still on the server's default 'UTC' (an account made
 * before sign-up sent the device's zone) gets this device's time zone proposed instead, which
 * counts as an unsaved change.
 */
export function toFormValues(profile: Profile, deviceTimeZone: string | null): ProfileFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, text(profile[field])])),
    bloodgroup: profile.bloodgroup ?? '',
    timezone: profile.timezone === 'UTC' && deviceTimeZone ? deviceTimeZone : profile.timezone,
    units: profile.units,
    yearsofexperience: profile.yearsofexperience ?? '',
    consultationfee: profile.consultationfee ?? '',
    currentPassword: '',
  } as ProfileFormValues;
}

/** Whether the typed email is a new address (another letter case is the same one). */
export function changesEmail(values: ProfileFormValues, profile: Profile): boolean {
  return values.email.trim().toLowerCase() !== profile.email.toLowerCase();
}

function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/**
 * The fields that differ from the saved profile, in the shape PATCH /me/update takes (blank text
 * clears a field), for the form to check with the same schema the server uses. Doctor fields only
 * for doctors.
 */
export function profileChanges(
  values: ProfileFormValues,
  profile: Profile,
): Record<string, unknown> {
  const isDoctor = profile.userType === 'doctor';
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (!isDoctor && (DOCTOR_PROFILE_FIELDS as readonly string[]).includes(field)) continue;
    if (values[field].trim() !== (profile[field] ?? '')) body[field] = values[field];
  }
  const bloodgroup = values.bloodgroup === '' ? null : values.bloodgroup;
  if (bloodgroup !== profile.bloodgroup) body.bloodgroup = bloodgroup;
  if (values.timezone !== profile.timezone) body.timezone = values.timezone;
  if (values.units !== profile.units) body.units = values.units;
  if (changesEmail(values, profile)) body.currentPassword = values.currentPassword;
  if (isDoctor) {
    for (const field of NUMBER_FIELDS) {
      const number = toNumber(values[field]);
      if (number !== profile[field]) body[field] = number;
    }
  }
  return body;
}
