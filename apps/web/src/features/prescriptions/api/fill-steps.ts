import {
  currentFill,
  fillLine,
  fillName,
  fillStatusName,
  OPEN_FILL_STATUSES,
  type Fill,
  type FillStatus,
  type FillStep,
  type Prescription,
} from '@tend/shared';
import { currentLanguage } from '../../../i18n/i18n';
import { prescriptionsText } from '../i18n';

export { currentFill };

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

// A fill's words come from @tend/shared, as the PDF's and the notifications' do (issue 46 item 2),
// in the page's language.

/** What the fill's status means, to the patient and the pharmacy alike ("Being prepared"). */
export const fillStatusWords = (status: FillStatus) => fillStatusName(status, currentLanguage());

/** "First fill" is fill 1; each refill counts against those allowed ("Refill 1 of 2" is fill 2). */
export const fillWordsOf = (p: Pick<Prescription, 'refills'>, fill: Pick<Fill, 'number'>) =>
  fillName(fill.number, p.refills, currentLanguage());

/** "Refill 1 of 2: Waiting for the pharmacy": the current fill and where it is. */
export const fillLineOf = (p: Pick<Prescription, 'refills'>, fill: Fill) =>
  fillLine(fill, p.refills, currentLanguage());

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
