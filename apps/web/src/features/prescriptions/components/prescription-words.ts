import type { Prescription, PrescriptionStatus } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import { prescriptionsText } from '../i18n';

// The words of a prescription in the page's language, read while rendering.

/** "1 × tablet, morning and night": the unit is free text, so no plural is guessed (as on the PDF). */
export function doseWords(p: Pick<Prescription, 'dose'>): string {
  const times = p.dose.timesofday.map((t) => prescriptionsText(`times.${t}`));
  const when =
    times.length > 1
      ? prescriptionsText('severalTimes', {
          list: times.slice(0, -1).join(', '),
          last: times.at(-1),
        })
      : times[0];
  return prescriptionsText('dose', { amount: p.dose.amount, unit: p.dose.unit, when: when ?? '' });
}

export const statusWords = (status: PrescriptionStatus) => prescriptionsText(`status.${status}`);

export const STATUS_COLOURS: Record<PrescriptionStatus, string> = {
  active: 'tend.9',
  completed: 'gray.8',
  cancelled: 'red.9',
  expired: 'gray.8',
};

/** A date-only value as the language writes it: MM/dd/yyyy (SPEC §9), dd/mm/yyyy in Spanish. */
export const dateWords = (date: string) =>
  dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export const validUntilWords = (p: Prescription) => dateWords(p.validuntil);

/** "Dr. Ana Ruiz". */
export const doctorWords = (name: string) => prescriptionsText('doctorName', { name });

/** "Metformin 500 mg, tablet": how a prescription is named on its card and in messages. */
export const prescriptionTitle = (p: Pick<Prescription, 'medication'>) =>
  prescriptionsText('title', {
    name: p.medication.name,
    strength: p.medication.strength,
    form: p.medication.form,
  });
