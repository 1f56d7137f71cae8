import { adherenceRate, type AdherenceFigure } from '@tend/shared';

/** "5 of 7 doses" (or "1 of 1 dose"). */
export function dosesInWords(figure: AdherenceFigure): string {
  return `${figure.taken} of ${figure.due} ${figure.due === 1 ? 'dose' : 'doses'}`;
}

/** "71%", or null when nothing was due (there is no share to speak of). */
export function percentInWords(figure: AdherenceFigure): string | null {
  const rate = adherenceRate(figure);
  return rate === null ? null : `${Math.round(rate * 100)}%`;
}

/** "5 of 7 doses (71%)", or "No doses due" when none was. */
export function adherenceInWords(figure: AdherenceFigure): string {
  const percent = percentInWords(figure);
  return percent === null ? 'No doses due' : `${dosesInWords(figure)} (${percent})`;
}
