import type { Prescription } from '@tend/shared';
import type { Fact } from '../../../components/fact-list';
import { FILL_STATUS_WORDS, currentFill, fillName } from '../api/fill-steps';

/** Who it was sent to, as the answer names the pharmacy's account. */
export const pharmacyWords = (p: Prescription) =>
  p.pharmacy ? p.pharmacy.name : 'Not sent to a pharmacy yet';

/** "Refill 1: Ready for pickup", with the pharmacy's reason when it refused. */
export function fillWords(p: Prescription): string | null {
  const fill = currentFill(p);
  if (!fill) return null;
  const words = `${fillName(fill)}: ${FILL_STATUS_WORDS[fill.status]}`;
  return fill.status === 'refused' && fill.reason ? `${words}, because: ${fill.reason}` : words;
}

function renewalWords(p: Prescription): string | null {
  if (!p.renewal) return null;
  switch (p.renewal.status) {
    case 'requested':
      return 'Asked of the doctor, waiting for an answer';
    case 'approved':
      return 'Approved: a new prescription was written and sent to the same pharmacy';
    case 'refused':
      return p.renewal.reason ? `Refused, because: ${p.renewal.reason}` : 'Refused';
  }
}

/** The lines a card adds once the fill workflow has something to say. */
export function trackingFacts(p: Prescription): Fact[] {
  const facts: Fact[] = [['Pharmacy', pharmacyWords(p)]];
  const fill = fillWords(p);
  if (fill) facts.push(['Fill', fill]);
  facts.push(['Refills left', String(p.refillsleft)]);
  const renewal = renewalWords(p);
  if (renewal) facts.push(['Renewal', renewal]);
  return facts;
}
