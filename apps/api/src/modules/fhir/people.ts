import type { Patient, Practitioner, Reference, RelatedPerson } from '@medplum/fhirtypes';
import type { CaregiverRow, PatientRow } from './repo.ts';

/** Every resource is named by its Tend id (UUIDv7), so a reference is the same urn:uuid as its fullUrl. */
export const urnOf = (id: string) => `urn:uuid:${id}`;

export function patientReference(patient: PatientRow): Reference<Patient> {
  return { reference: urnOf(patient.id), display: `${patient.firstname} ${patient.lastname}` };
}

/** The people other than the patient that the record names: doctors who prescribed, saw or uploaded. */
export class Practitioners {
  private readonly known = new Map<string, Practitioner>();

  /** A reference to the doctor, whose Practitioner the Bundle then carries; a departed one by words only. */
  reference(
    id: string | null,
    firstname: string | null | undefined,
    lastname: string | null | undefined,
  ): Reference<Practitioner> {
    if (id === null || !firstname || !lastname) return { display: 'A doctor no longer on Tend' };
    if (!this.known.has(id)) {
      this.known.set(id, {
        resourceType: 'Practitioner',
        id,
        name: [{ given: [firstname], family: lastname, text: `${firstname} ${lastname}` }],
      });
    }
    return { reference: urnOf(id), display: `${firstname} ${lastname}` };
  }

  all(): Practitioner[] {
    return [...this.known.values()];
  }
}

/** The patient's account as a FHIR Patient: name, contact details, date of birth, address. */
export function toPatient(row: PatientRow): Patient {
  const address = [row.address, row.city, row.state, row.postcode, row.country].some(Boolean);
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: { lastUpdated: row.updated_at },
    active: true,
    name: [
      {
        use: 'official',
        given: [row.firstname],
        family: row.lastname,
        text: `${row.firstname} ${row.lastname}`,
      },
    ],
    telecom: [
      // A dependent's record holds an address nobody receives (decision 051): not theirs to show.
      ...(row.dependent === true || row.dependent === 1
        ? []
        : [{ system: 'email' as const, value: row.email }]),
      ...(row.number ? [{ system: 'phone' as const, value: row.number }] : []),
    ],
    ...(row.dateofbirth ? { birthDate: row.dateofbirth } : {}),
    ...(address
      ? {
          address: [
            {
              ...(row.address ? { line: [row.address] } : {}),
              ...(row.city ? { city: row.city } : {}),
              ...(row.state ? { state: row.state } : {}),
              ...(row.postcode ? { postalCode: row.postcode } : {}),
              ...(row.country ? { country: row.country } : {}),
            },
          ],
        }
      : {}),
  };
}

/**
 * A caregiver the patient chose (DESIGN.md "Caregivers"), as a FHIR RelatedPerson: who they are, since
 * when, and what they may see and do, in words.
 */
export function toRelatedPerson(row: CaregiverRow, patient: Reference<Patient>): RelatedPerson {
  const areas = row.areas === '' ? 'nothing yet' : row.areas.split(',').join(', ');
  return {
    resourceType: 'RelatedPerson',
    id: row.id,
    active: true,
    patient,
    relationship: [{ text: `Caregiver in Tend (may see or do: ${areas})` }],
    name: [
      { given: [row.firstname], family: row.lastname, text: `${row.firstname} ${row.lastname}` },
    ],
    telecom: [{ system: 'email', value: row.email }],
    ...(row.accepted_at ? { period: { start: row.accepted_at } } : {}),
  };
}
