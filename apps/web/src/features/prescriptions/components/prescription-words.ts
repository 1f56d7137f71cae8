import { formatUsDate, type Prescription, type PrescriptionStatus } from '@tend/shared';

const TIME_WORDS = { day: 'morning', afternoon: 'afternoon', night: 'night' } as const;

/** "1 × tablet, morning and night": the unit is free text, so no plural is guessed (as on the PDF). */
export function doseWords(p: Pick<Prescription, 'dose'>): string {
  const times = p.dose.timesofday.map((t) => TIME_WORDS[t]);
  const when = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0];
  return `${p.dose.amount} × ${p.dose.unit}, ${when ?? ''}`;
}

export const STATUS_WORDS: Record<PrescriptionStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const STATUS_COLOURS: Record<PrescriptionStatus, string> = {
  active: 'tend.9',
  completed: 'gray.8',
  cancelled: 'red.9',
  expired: 'gray.8',
};

/** SPEC §9: dates shown as MM/dd/yyyy. */
export const validUntilWords = (p: Prescription) => formatUsDate(p.validuntil);

/** "Metformin 500 mg, tablet": how a prescription is named on its card and in messages. */
export const prescriptionTitle = (p: Prescription) =>
  `${p.medication.name} ${p.medication.strength}, ${p.medication.form}`;
