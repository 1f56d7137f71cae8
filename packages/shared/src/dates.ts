/**
 * Date-only values are 'YYYY-MM-DD' strings everywhere (DESIGN.md). These helpers do calendar
 * arithmetic on them in UTC, where every day has 24 hours, so no time zone can shift a day.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function toUtcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/**
 * An 'en-CA' formatter with these options for each time zone, built once and kept: building a
 * formatter is far costlier than using one, and every request asks for "today".
 */
export function formattersByZone(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const formatterFor = formattersByZone({ year: 'numeric', month: '2-digit', day: '2-digit' });

// Since 1972 every zone's offset from UTC is a whole number of minutes, so a local day always
// begins on a whole UTC minute and one answer holds for the whole minute; asked for "now" on every
// request, formatting it each time was a measurable share of the medication list's work.
const MINUTE_MS = 60_000;
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1972, 0, 1);
const lastAnswers = new Map<string, { minute: number; date: string }>();

/** The calendar day an instant falls on for a person in `timeZone` — "today" is theirs, not the server's. */
export function localDate(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  if (!(time >= WHOLE_MINUTE_OFFSETS_FROM)) return formatLocalDate(instant, timeZone);
  const minute = Math.floor(time / MINUTE_MS);
  const last = lastAnswers.get(timeZone);
  if (last?.minute === minute) return last.date;
  const date = formatLocalDate(instant, timeZone);
  lastAnswers.set(timeZone, { minute, date });
  return date;
}

function formatLocalDate(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** SPEC.md §9: medication dates are shown as MM/dd/yyyy. */
export function formatUsDate(date: string | null | undefined): string {
  if (!date) return '';
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
