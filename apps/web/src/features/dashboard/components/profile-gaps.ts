import type { Profile } from '@tend/shared';

const filled = (value: string | number | null) =>
  value !== null && (typeof value === 'number' || value.trim() !== '');

// What makes a profile useful to the other side: a patient's details a doctor needs, a
// doctor's details a patient chooses by. A pharmacy's are complete from sign-up.
const CHECKS: Record<Profile['userType'], readonly [string, (p: Profile) => boolean][]> = {
  patient: [
    ['date of birth', (p) => filled(p.dateofbirth)],
    ['blood group', (p) => filled(p.bloodgroup)],
    ['phone number', (p) => filled(p.number)],
    ['address', (p) => filled(p.address) && filled(p.city) && filled(p.country)],
  ],
  doctor: [
    ['specialty', (p) => filled(p.specialty)],
    ['location', (p) => filled(p.location)],
    ['years of experience', (p) => filled(p.yearsofexperience)],
    ['consultation fee', (p) => filled(p.consultationfee)],
    ['short bio', (p) => filled(p.bio)],
    ['phone number', (p) => filled(p.number)],
  ],
  // A pharmacy's details are all required at sign-up and can never be blanked.
  pharmacy: [],
};

/** The parts of this profile still empty, in words ("date of birth"), most useful first. */
export function profileGaps(profile: Profile): string[] {
  return CHECKS[profile.userType]
    .filter(([, isFilled]) => !isFilled(profile))
    .map(([name]) => name);
}

/** "date of birth, blood group and address" */
export function listInWords(items: readonly string[]): string {
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(items);
}
