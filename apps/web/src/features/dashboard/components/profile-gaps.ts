import type { Profile } from '@tend/shared';
import type en from '../locales/en.json';

const filled = (value: string | number | null) =>
  value !== null && (typeof value === 'number' || value.trim() !== '');

/** A missing part of a profile, as its key in the catalog's `profile.gaps`. */
export type ProfileGap = keyof (typeof en)['profile']['gaps'];

// What makes a profile useful to the other side: a patient's details a doctor needs, a
// doctor's details a patient chooses by. A pharmacy's are complete from sign-up.
const CHECKS: Record<Profile['userType'], readonly [ProfileGap, (p: Profile) => boolean][]> = {
  patient: [
    ['dateOfBirth', (p) => filled(p.dateofbirth)],
    ['bloodGroup', (p) => filled(p.bloodgroup)],
    ['phoneNumber', (p) => filled(p.number)],
    ['address', (p) => filled(p.address) && filled(p.city) && filled(p.country)],
  ],
  doctor: [
    ['specialty', (p) => filled(p.specialty)],
    ['location', (p) => filled(p.location)],
    ['experience', (p) => filled(p.yearsofexperience)],
    ['consultationFee', (p) => filled(p.consultationfee)],
    ['bio', (p) => filled(p.bio)],
    ['phoneNumber', (p) => filled(p.number)],
  ],
  // A pharmacy's details are all required at sign-up and can never be blanked.
  pharmacy: [],
};

/** The parts of this profile still empty (`dateOfBirth`), most useful first. */
export function profileGaps(profile: Profile): ProfileGap[] {
  return CHECKS[profile.userType]
    .filter(([, isFilled]) => !isFilled(profile))
    .map(([name]) => name);
}
