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

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names and dosages are what people typed: never markup in an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface ReminderEmailContent {
  subject: string;
  /** Paragraphs, in order. */
  lines: string[];
  /** An absolute address to open Tend at. */
  url: string;
  linkText: string;
}

/** The same reminder as plain text and as simple HTML. */
export function renderReminderEmail({ subject, lines, url, linkText }: ReminderEmailContent) {
  const text = [...lines, `${linkText}: ${url}`, '', '— Tend'].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(linkText)}</a></p>`,
    '<p>— Tend</p></body></html>',
  ].join('\n');
  return { subject, text, html };
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
export function runOutReminderText(o: {
  medication: string;
  runsOutOn: string;
  refillsLeft: number;
  doctor: string;
  language: Language;
}) {
  const t = textsFor(o.language);
  const title = t('reminders.runOut.title', { medication: o.medication });
  const next =
    o.refillsLeft > 0
      ? t('reminders.runOut.refillsLeft', { count: o.refillsLeft })
      : t('reminders.runOut.noRefills', { doctor: o.doctor });
  const date = dayInWords(o.runsOutOn, o.language);
  return { title, body: t('reminders.runOut.body', { date, next }) };
}
