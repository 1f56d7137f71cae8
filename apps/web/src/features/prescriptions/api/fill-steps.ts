import {
  OPEN_FILL_STATUSES,
  type Fill,
  type FillStatus,
  type FillStep,
  type Prescription,
} from '@tend/shared';
import { prescriptionsText } from '../i18n';

/** The fill being worked on: the one with the highest number (fill 1, then each refill). */
export function currentFill(p: Pick<Prescription, 'fills'>): Fill | null {
  let latest: Fill | null = null;
  for (const fill of p.fills) if (!latest || fill.number > latest.number) latest = fill;
  return latest;
}

/** A fill a pharmacy still has to act on: today's queue. */
export const isOpenFill = (status: FillStatus) =>
  (OPEN_FILL_STATUSES as readonly FillStatus[]).includes(status);

/**
 * The one step forward from each status (requested → preparing → ready → dispensed); refusing is
 * open until it is dispensed. A dispensed or refused fill has no next step.
 */
export function nextSteps(status: FillStatus): { forward: FillStep | null; canRefuse: boolean } {
  switch (status) {
    case 'requested':
      return { forward: 'preparing', canRefuse: true };
    case 'preparing':
      return { forward: 'ready', canRefuse: true };
    case 'ready':
      return { forward: 'dispensed', canRefuse: true };
    case 'dispensed':
    case 'refused':
      return { forward: null, canRefuse: false };
  }
}

/** The buttons' words for each step ("Start preparing"), in the page's language. */
export const stepLabel = (step: FillStep) => prescriptionsText(`step.${step}`);

/** What the fill's status means, to the patient and the pharmacy alike ("Being prepared"). */
export const fillStatusWords = (status: FillStatus) => prescriptionsText(`fillStatus.${status}`);

/** "First fill" is fill 1; each refill is the next number ("Refill 1" is fill 2). */
export const fillName = (fill: Pick<Fill, 'number'>) =>
  fill.number === 1
    ? prescriptionsText('firstFill')
    : prescriptionsText('refill', { number: fill.number - 1 });

/**
 * What the patient may do about where it goes: send it (no fill yet), move it while nothing is
 * being prepared (the fill only requested), or send it again after a refusal (to another pharmacy,
 * or the same); nothing once a fill is in hand or handed over, or the prescription has ended.
 */
export function sendingChoice(p: Prescription): 'send' | 'move' | 'resend' | null {
  if (p.status !== 'active') return null;
  const fill = currentFill(p);
  if (fill === null) return 'send';
  if (fill.status === 'requested') return 'move';
  return fill.status === 'refused' ? 'resend' : null;
}

/**
 * Whether "Request a refill" applies: the last fill was handed over and no renewal is waiting. At
 * 0 refills left (the prescription then reads completed) it asks the doctor for a renewal instead.
 */
export function refillRequestGoesTo(p: Prescription): 'pharmacy' | 'doctor' | null {
  if (p.status !== 'active' && p.status !== 'completed') return null;
  if (currentFill(p)?.status !== 'dispensed') return null;
  if (p.refillsleft > 0) return p.status === 'active' ? 'pharmacy' : null;
  return p.renewal?.status === 'requested' || p.renewal?.status === 'approved' ? null : 'doctor';
}
