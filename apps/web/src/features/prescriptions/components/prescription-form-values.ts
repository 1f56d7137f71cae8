import type { TimeFrequency } from '@tend/shared';

/**
 * What the prescribing form holds, under the dotted names the server gives its messages
 * ("dose.amount"), so each message lands on its field. Text as typed; numbers as NumberInput gives
 * them ('' for empty).
 */
export type PrescriptionFormValues = {
  'medication.name': string;
  'medication.strength': string;
  'medication.form': string;
  'dose.amount': number | string;
  'dose.unit': string;
  'dose.timesofday': TimeFrequency[];
  quantity: number | string;
  refills: number | string;
  validuntil: string;
  instructions: string;
  note: string;
};

export const EMPTY_PRESCRIPTION: PrescriptionFormValues = {
  'medication.name': '',
  'medication.strength': '',
  'medication.form': '',
  'dose.amount': '',
  'dose.unit': '',
  'dose.timesofday': [],
  quantity: '',
  refills: 0,
  validuntil: '',
  instructions: '',
  note: '',
};

// An empty number is left out, so the schema asks for it in words.
const numberOrNothing = (value: number | string) => (value === '' ? undefined : Number(value));

/** The body POST /prescriptions takes, for the form to check with the schema the server uses. */
export function toPrescriptionInput(patientId: string, values: PrescriptionFormValues) {
  return {
    patientId,
    medication: {
      name: values['medication.name'],
      strength: values['medication.strength'],
      form: values['medication.form'],
    },
    dose: {
      amount: numberOrNothing(values['dose.amount']),
      unit: values['dose.unit'],
      timesofday: values['dose.timesofday'],
    },
    quantity: numberOrNothing(values.quantity),
    refills: numberOrNothing(values.refills),
    validuntil: values.validuntil,
    instructions: values.instructions,
    // An empty note is no note.
    ...(values.note.trim() === '' ? {} : { note: values.note }),
  };
}
