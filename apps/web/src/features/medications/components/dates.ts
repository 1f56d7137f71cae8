import { dateTimeFormat } from '../../../i18n/format';

// Days ('YYYY-MM-DD') in the page's language, formatted in UTC so no time zone shifts them.
// Called while rendering, so a change of language shows.

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "07/04/2026" in English (SPEC §9's MM/dd/yyyy), "04/07/2026" in Spanish. */
export function numericDate(date: string): string {
  return dateTimeFormat({
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(utc(date));
}

/** "Tue 11/18/2025", "mar 18/11/2025". */
export function weekdayDate(date: string): string {
  const weekday = dateTimeFormat({ weekday: 'short', timeZone: 'UTC' }).format(utc(date));
  return `${weekday} ${numericDate(date)}`;
}

/** "Nov 18", "18 nov". */
export function shortDate(date: string): string {
  return dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(utc(date));
}

/** "Tuesday, November 18, 2025", "martes, 18 de noviembre de 2025". */
export function fullDate(date: string): string {
  return dateTimeFormat({ dateStyle: 'full', timeZone: 'UTC' }).format(utc(date));
}
