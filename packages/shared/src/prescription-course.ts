import { addDays } from './dates.ts';
import { oneYearAfter } from './prescriptions.ts';

/** A prescription stays valid at least this long when its course is shorter (a refill comes late). */
export const SHORTEST_SUGGESTED_VALIDITY_DAYS = 30;

export interface Course {
  /** Units per fill, as typed; undefined or not above 0 when not typed yet. */
  quantity: number | undefined;
  refills: number | undefined;
  /** Units per dose. */
  amount: number | undefined;
  /** Doses a day (the times of day chosen). */
  dosesPerDay: number;
}

/**
 * The last valid day the prescribing form suggests (issue 46): long enough for every fill to be
 * taken at the dose — the first and each refill — at least 30 days, at most a year from the
 * patient's today (the clinic's longest). Before quantity and dose are typed, 30 days.
 */
export function suggestedValidUntil(today: string, course: Course): string {
  const { quantity, refills = 0, amount, dosesPerDay } = course;
  let days = SHORTEST_SUGGESTED_VALIDITY_DAYS;
  if (quantity && quantity > 0 && amount && amount > 0 && dosesPerDay > 0) {
    const fills = 1 + Math.max(0, Math.trunc(refills));
    days = Math.max(days, Math.ceil((quantity * fills) / (amount * dosesPerDay)));
  }
  const suggested = addDays(today, days);
  const latest = oneYearAfter(today);
  return suggested > latest ? latest : suggested;
}
