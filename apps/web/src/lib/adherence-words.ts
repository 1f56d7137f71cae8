import { adherenceRate, type AdherenceFigure } from '@tend/shared';
import '../i18n/common';
import { numberFormat } from '../i18n/format';
import { i18n } from '../i18n/i18n';

// In the page's language at the moment they are called: call them while rendering.

/** "5 of 7 doses" (or "1 of 1 dose"). */
export function dosesInWords(figure: AdherenceFigure): string {
  return i18n.t('common:adherence.doses', { taken: figure.taken, count: figure.due });
}

/** "71%", or null when nothing was due (there is no share to speak of). */
export function percentInWords(figure: AdherenceFigure): string | null {
  const rate = adherenceRate(figure);
  return rate === null
    ? null
    : numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(
        Math.round(rate * 100) / 100,
      );
}

/** "5 of 7 doses (71%)", or "No doses due" when none was. */
export function adherenceInWords(figure: AdherenceFigure): string {
  const percent = percentInWords(figure);
  return percent === null
    ? i18n.t('common:adherence.noneDue')
    : i18n.t('common:adherence.withPercent', { doses: dosesInWords(figure), percent });
}
