import type { Language } from '@tend/shared';
import { DATE_LOCALES, textsFor } from '../../i18n/texts.ts';
import type { ReminderMedication } from './repo.ts';
import type { VisitReminderName } from './schedule.ts';

export type DoseReminderVariant = 'first' | 'followup' | 'snoozed';

/** Title: the medication and the time of day; body: the dosage. In the person's language. */
export function doseReminderText(
  medication: ReminderMedication,
  variant: DoseReminderVariant,
  language: Language,
) {
  const t = textsFor(language);
  const words = { name: medication.name, slot: t(`reminders.slots.${medication.timefrequency}`) };
  const title =
    variant === 'followup'
      ? t('reminders.dose.followupTitle', words)
      : t('reminders.dose.title', words);
  const body = medication.dosage
    ? t('reminders.dose.bodyWithDosage', { dosage: medication.dosage })
    : t('reminders.dose.body');
  return { title, body };
}

export function visitReminderTitle(name: VisitReminderName, language: Language): string {
  return textsFor(language)(`reminders.visit.titles.${name}`);
}

/** "Sunday, 11 April 2027": a local day as words, the same wherever the reader is. */
function dayInWords(date: string, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The "running out" reminder: when the last dose is, and what "Request a refill" will do — ask the
 * pharmacy while refills are left, the doctor for a renewal after.
 */
export interface RunOutWords {
  medication: string;
  runsOutOn: string;
  refillsLeft: number;
  doctor: string;
  language: Language;
}

export function runOutReminderText(o: RunOutWords) {
  const t = textsFor(o.language);
  const title = t('reminders.runOut.title', { medication: o.medication });
  const next =
    o.refillsLeft > 0
      ? t('reminders.runOut.refillsLeft', { count: o.refillsLeft })
      : t('reminders.runOut.noRefills', { doctor: o.doctor });
  const date = dayInWords(o.runsOutOn, o.language);
  return { title, body: t('reminders.runOut.body', { date, next }) };
}

/** The same reminder as a caregiver with `prescriptions` reads it: whose supply, what they can do. */
export function runOutCaregiverText(o: RunOutWords & { patient: string }) {
  const t = textsFor(o.language);
  const title = t('caregivers.runOut.title', { patient: o.patient, medication: o.medication });
  const next =
    o.refillsLeft > 0
      ? t('caregivers.runOut.refillsLeft', { count: o.refillsLeft })
      : t('caregivers.runOut.noRefills', { doctor: o.doctor });
  const date = dayInWords(o.runsOutOn, o.language);
  return { title, body: t('caregivers.runOut.body', { patient: o.patient, date, next }) };
}
