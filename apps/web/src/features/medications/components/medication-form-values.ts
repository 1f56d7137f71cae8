import {
  medicationInputSchema,
  type Medication,
  type MedicationData,
  type TimeFrequency,
} from '@tend/shared';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';

export const MEDICATION_FIELDS = [
  'name',
  'description',
  'dosage',
  'note',
  'startdate',
  'enddate',
  'timefrequency',
] as const;
export type MedicationField = (typeof MEDICATION_FIELDS)[number];

/** What the inputs hold: text, with '' for "nothing chosen yet". */
export type MedicationFormValues = Omit<Record<MedicationField, string>, 'timefrequency'> & {
  timefrequency: TimeFrequency | '';
};

/** A new medication starts today (the patient's today) and runs until they say otherwise. */
export function emptyValues(today: string): MedicationFormValues {
  return {
    name: '',
    description: '',
    dosage: '',
    note: '',
    startdate: today,
    enddate: '',
    timefrequency: '',
  };
}

export function toFormValues(medication: Medication): MedicationFormValues {
  return {
    name: medication.name,
    description: medication.description ?? '',
    dosage: medication.dosage ?? '',
    note: medication.note ?? '',
    startdate: medication.startdate,
    enddate: medication.enddate ?? '',
    timefrequency: medication.timefrequency,
  };
}

/**
 * The whole medication as POST and PUT take it, checked with the schema the server uses. An empty
 * start date or time of day is left out, so the schema asks for it; an empty end date means none.
 */
export function toMedicationBody(
  values: MedicationFormValues,
): { ok: true; body: MedicationData } | { ok: false; errors: FieldErrors<MedicationField> } {
  const parsed = medicationInputSchema.safeParse({
    ...values,
    startdate: values.startdate === '' ? undefined : values.startdate,
    enddate: values.enddate === '' ? null : values.enddate,
    timefrequency: values.timefrequency === '' ? undefined : values.timefrequency,
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: zodFieldErrors(parsed.error) };
}
