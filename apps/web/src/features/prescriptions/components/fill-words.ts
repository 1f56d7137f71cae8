import type { Prescription } from '@tend/shared';
import type { Fact } from '../../../components/fact-list';
import { currentFill, fillLineOf } from '../api/fill-steps';
import { prescriptionsText } from '../i18n';

/** Who it was sent to, as the answer names the pharmacy's account. */
export const pharmacyWords = (p: Prescription) =>
  p.pharmacy ? p.pharmacy.name : prescriptionsText('words.notSent');

/** "Refill 1 of 2: Ready for pickup", with the pharmacy's reason when it refused. */
export function fillWords(p: Prescription): string | null {
  const fill = currentFill(p);
  if (!fill) return null;
  const words = fillLineOf(p, fill);
  return fill.status === 'refused' && fill.reason
    ? prescriptionsText('words.because', { words, reason: fill.reason })
    : words;
}

function renewalWords(p: Prescription): string | null {
  if (!p.renewal) return null;
  switch (p.renewal.status) {
    case 'requested':
      return prescriptionsText('words.renewalRequested');
    case 'approved':
      return prescriptionsText('words.renewalApproved');
    case 'refused':
      return p.renewal.reason
        ? prescriptionsText('words.renewalRefusedBecause', { reason: p.renewal.reason })
        : prescriptionsText('words.renewalRefused');
  }
}

/** The lines a card adds once the fill workflow has something to say. */
export function trackingFacts(p: Prescription): Fact[] {
  const facts: Fact[] = [[prescriptionsText('facts.pharmacy'), pharmacyWords(p)]];
  const fill = fillWords(p);
  if (fill) facts.push([prescriptionsText('facts.fill'), fill]);
  facts.push([prescriptionsText('facts.refillsLeft'), String(p.refillsleft)]);
  const renewal = renewalWords(p);
  if (renewal) facts.push([prescriptionsText('facts.renewal'), renewal]);
  return facts;
}
