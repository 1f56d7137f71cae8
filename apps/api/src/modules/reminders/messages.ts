import type { ReminderSlot } from '@tend/shared';
import type { ReminderMedication } from './repo.ts';
import type { VisitReminderName } from './schedule.ts';

const SLOT_WORDS: Record<ReminderSlot, string> = {
  day: 'day',
  afternoon: 'afternoon',
  night: 'night',
};

export type DoseReminderVariant = 'first' | 'followup' | 'snoozed';

/** Title: the medication and the time of day; body: the dosage. */
export function doseReminderText(medication: ReminderMedication, variant: DoseReminderVariant) {
  const slot = SLOT_WORDS[medication.timefrequency];
  const title =
    variant === 'followup'
      ? `Still to take: ${medication.name} (${slot} dose)`
      : `Time for ${medication.name} (${slot} dose)`;
  const body = medication.dosage
    ? `Dosage: ${medication.dosage}. Tick it off on today’s checklist once taken.`
    : 'Tick it off on today’s checklist once taken.';
  return { title, body };
}

const VISIT_REMINDER_TITLES: Record<VisitReminderName, string> = {
  '24h': 'Appointment tomorrow',
  '1h': 'Appointment in 1 hour',
  open: 'Your video visit is open',
};

export function visitReminderTitle(name: VisitReminderName): string {
  return VISIT_REMINDER_TITLES[name];
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
function dayInWords(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
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
}) {
  const title = `${o.medication} runs out soon`;
  const next =
    o.refillsLeft > 0
      ? `Request a refill in Tend and your pharmacy prepares the next pack (${String(o.refillsLeft)} ${o.refillsLeft === 1 ? 'refill' : 'refills'} left).`
      : `No refills are left: request a refill in Tend and ${o.doctor} is asked to renew it.`;
  return { title, body: `Your supply lasts until ${dayInWords(o.runsOutOn)}. ${next}` };
}
