import type {
  CodeableConcept,
  Coding,
  Observation,
  Patient,
  Practitioner,
  Reference,
} from '@medplum/fhirtypes';
import {
  CANONICAL_UNIT,
  KIND_LABELS,
  LOINC,
  UCUM_CODES,
  UNIT_LABELS,
  type MeasurementKind,
} from '@tend/shared';
import type { PatientRow, MeasurementRow } from './repo.ts';
import type { Practitioners } from './people.ts';

const LOINC_SYSTEM = 'http://loinc.org';
const UCUM_SYSTEM = 'http://unitsofmeasure.org';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

const loinc = (code: string, display: string): Coding => ({ system: LOINC_SYSTEM, code, display });

/**
 * The FHIR R4 vital-signs profile of each kind. Glucose is a laboratory result in FHIR, not a vital
 * sign, so it carries the laboratory category and no vital-signs profile.
 */
const PROFILE: Record<MeasurementKind, string | null> = {
  weight: 'http://hl7.org/fhir/StructureDefinition/bodyweight',
  height: 'http://hl7.org/fhir/StructureDefinition/bodyheight',
  bloodpressure: 'http://hl7.org/fhir/StructureDefinition/bp',
  heartrate: 'http://hl7.org/fhir/StructureDefinition/heartrate',
  glucose: null,
  temperature: 'http://hl7.org/fhir/StructureDefinition/bodytemp',
  spo2: 'http://hl7.org/fhir/StructureDefinition/oxygensat',
};

/** LOINC codings of each kind; SpO2 also carries 2708-6, which the oxygensat profile requires. */
const CODE: Record<MeasurementKind, CodeableConcept> = {
  weight: { coding: [loinc(LOINC.weight, 'Body weight')], text: KIND_LABELS.weight },
  height: { coding: [loinc(LOINC.height, 'Body height')], text: KIND_LABELS.height },
  bloodpressure: {
    coding: [loinc(LOINC.bloodpressure, 'Blood pressure panel with all children optional')],
    text: KIND_LABELS.bloodpressure,
  },
  heartrate: { coding: [loinc(LOINC.heartrate, 'Heart rate')], text: KIND_LABELS.heartrate },
  glucose: {
    coding: [loinc(LOINC.glucose, 'Glucose [Mass/volume] in Blood')],
    text: KIND_LABELS.glucose,
  },
  temperature: {
    coding: [loinc(LOINC.temperature, 'Body temperature')],
    text: KIND_LABELS.temperature,
  },
  spo2: {
    coding: [
      loinc('2708-6', 'Oxygen saturation in Arterial blood'),
      loinc(LOINC.spo2, 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    ],
    text: KIND_LABELS.spo2,
  },
};

const categoryOf = (code: string, display: string): CodeableConcept[] => [
  { coding: [{ system: CATEGORY_SYSTEM, code, display }], text: display },
];
const VITAL_SIGNS = categoryOf('vital-signs', 'Vital Signs');
const LABORATORY = categoryOf('laboratory', 'Laboratory');

/** A value in the kind's canonical unit, as a UCUM quantity. */
function quantity(kind: MeasurementKind, value: number) {
  const unit = CANONICAL_UNIT[kind];
  return { value, unit: UNIT_LABELS[unit], system: UCUM_SYSTEM, code: UCUM_CODES[unit] };
}

/** Whoever recorded a reading: the patient, or a doctor (a departed one by words only). */
function performer(
  m: MeasurementRow,
  patient: Reference<Patient>,
  practitioners: Practitioners,
): Reference<Patient | Practitioner>[] {
  if (m.recorded_by === null) return [{ display: 'Someone no longer on Tend' }];
  if (m.recorder_type === 'patient') return [patient];
  return [practitioners.reference(m.recorded_by, m.recorder_firstname, m.recorder_lastname)];
}

/** A reading; blood pressure is one Observation with systolic and diastolic components. */
export function toObservation(
  m: MeasurementRow,
  patient: Reference<Patient>,
  practitioners: Practitioners,
): Observation {
  const profile = PROFILE[m.kind];
  const value =
    m.kind === 'bloodpressure'
      ? {
          component: [
            {
              code: { coding: [loinc(LOINC.systolic, 'Systolic blood pressure')] },
              valueQuantity: quantity(m.kind, m.value),
            },
            {
              code: { coding: [loinc(LOINC.diastolic, 'Diastolic blood pressure')] },
              valueQuantity: quantity(m.kind, m.value2 ?? 0),
            },
          ],
        }
      : { valueQuantity: quantity(m.kind, m.value) };
  return {
    resourceType: 'Observation',
    id: m.id,
    ...(profile ? { meta: { profile: [profile] } } : {}),
    status: 'final',
    category: m.kind === 'glucose' ? LABORATORY : VITAL_SIGNS,
    code: CODE[m.kind],
    subject: patient,
    effectiveDateTime: m.taken_at,
    issued: m.created_at,
    performer: performer(m, patient, practitioners),
    ...value,
    ...(m.note ? { note: [{ text: m.note }] } : {}),
  };
}

/** The blood group from the profile (ABO only; Tend does not ask for the Rh factor). */
export function toBloodGroup(
  row: PatientRow,
  id: string,
  patient: Reference<Patient>,
): Observation | null {
  if (!row.bloodgroup) return null;
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    category: LABORATORY,
    code: { coding: [loinc('883-9', 'ABO group [Type] in Blood')], text: 'Blood group' },
    subject: patient,
    valueCodeableConcept: { text: row.bloodgroup },
  };
}
