import type { Medication, TimeFrequency } from '@tend/shared';

/** What the inputs hold: text, with '' for "nothing chosen yet". */
export type MedicationFormValues = {
  name: string;
  description: string;
  dosage: string;
  note: string;
  startdate: string;
  enddate: string;
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
 * The whole medication as POST and PUT take it, for the form to check with the schema the server
 * uses. An empty start date or time of day is left out, so the schema asks for it; an empty end
 * date means none.
 */
export function toMedicationInput(values: MedicationFormValues) {
  return {
    ...values,
    startdate: values.startdate === '' ? undefined : values.startdate,
    enddate: values.enddate === '' ? null : values.enddate,
    timefrequency: values.timefrequency === '' ? undefined : values.timefrequency,
  };
}
