import { addDays, daysBetween, maxDate, minDate } from './dates.ts';

export interface DoseWindow {
  startdate: string;
  enddate: string | null;
}

export interface AdherenceFigure {
  /** Doses ticked as taken on days the medication was due. */
  taken: number;
  /** Days in the range on which the medication was due (inside its start–end window, not after today). */
  due: number;
}

/** Is the medication due on this day: inside its window? */
export function isDueOn(window: DoseWindow, date: string): boolean {
  return date >= window.startdate && (window.enddate === null || date <= window.enddate);
}

/**
 * Adherence over [from, to] as of `today`: only days inside the medication's window count, and
 * nothing after today (a dose cannot be missed before its day comes).
 */
export function adherence(
  window: DoseWindow,
  takenDates: Iterable<string>,
  from: string,
  to: string,
  today: string,
): AdherenceFigure {
  const first = maxDate(from, window.startdate);
  const last = minDate(minDate(to, today), window.enddate ?? to);
  if (last < first) return { taken: 0, due: 0 };
  let taken = 0;
  for (const date of new Set(takenDates)) if (date >= first && date <= last) taken += 1;
  return { taken, due: daysBetween(first, last) + 1 };
}

/** The last `days` days ending today, oldest first, e.g. for "the last days at a glance". */
export function lastDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

export function sumAdherence(figures: AdherenceFigure[]): AdherenceFigure {
  return figures.reduce((sum, f) => ({ taken: sum.taken + f.taken, due: sum.due + f.due }), {
    taken: 0,
    due: 0,
  });
}

/** A share from 0 to 1, or null when nothing was due (no adherence to speak of). */
export function adherenceRate(figure: AdherenceFigure): number | null {
  return figure.due === 0 ? null : figure.taken / figure.due;
}
