import { adherenceRate, type AdherenceFigure, type LinkedPatient } from '@tend/shared';
import { currentLocale, dateTimeFormat, numberFormat } from '../../../i18n/format';
import type { TrackingT } from '../i18n';

/** "5 of 7 doses" (or "1 of 1 dose"). */
export function dosesInWords(t: TrackingT, figure: AdherenceFigure): string {
  return t('adherence.doses', { taken: figure.taken, count: figure.due });
}

/** "71%", or null when nothing was due (there is no share to speak of). */
export function percentInWords(figure: AdherenceFigure): string | null {
  const rate = adherenceRate(figure);
  return rate === null
    ? null
    : numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

/** "5 of 7 doses (71%)", or "No doses due" when none was. */
export function adherenceInWords(t: TrackingT, figure: AdherenceFigure): string {
  const percent = percentInWords(figure);
  return percent === null
    ? t('adherence.noneDue')
    : t('adherence.withPercent', { doses: dosesInWords(t, figure), percent });
}

/** "Blood pressure and heart rate": the kinds with a reading outside this doctor's target. */
export function kindsInWords(t: TrackingT, kinds: LinkedPatient['outsidetarget']): string {
  const names = kinds.map((kind) => t(`kinds.${kind}`));
  const last = names.pop() ?? '';
  const words = names.length > 0 ? t('panel.andList', { rest: names.join(', '), last }) : last;
  return words.charAt(0).toLocaleUpperCase(currentLocale()) + words.slice(1);
}

/** "18 Nov": a calendar day (YYYY-MM-DD) of the last 14, in the page's language. */
export function shortDay(t: TrackingT, date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return t('days.date', {
    day: dateTimeFormat({ day: 'numeric', timeZone: 'UTC' }).format(at),
    month: dateTimeFormat({ month: 'short', timeZone: 'UTC' }).format(at),
  });
}

/** "Friday 11/27/2026": the patient's today, a calendar day (YYYY-MM-DD). */
export function longDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  const weekday = dateTimeFormat({ weekday: 'long', timeZone: 'UTC' }).format(at);
  const day = dateTimeFormat({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(at);
  return `${weekday} ${day}`;
}
