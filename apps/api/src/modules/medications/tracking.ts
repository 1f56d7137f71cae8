import { adherence, addDays, isDueOn, lastDays, type TrackedMedication } from '@tend/shared';
import type { MedicationRow } from './repo.ts';
import { toMedication } from './view.ts';

const RECENT_DAYS = 14;
export const TRACKING_HISTORY_DAYS = 30;

/** What a doctor sees of one medication: today's state, adherence over 7 and 30 days, the last 14 days. */
export function toTrackedMedication(
  row: MedicationRow,
  takenDates: string[],
  today: string,
): TrackedMedication {
  const taken = new Set(takenDates);
  return {
    ...toMedication(row, taken.has(today)),
    adherence7: adherence(row, taken, addDays(today, -6), today, today),
    adherence30: adherence(row, taken, addDays(today, -(TRACKING_HISTORY_DAYS - 1)), today, today),
    recent: lastDays(today, RECENT_DAYS).map((date) => ({
      date,
      taken: isDueOn(row, date) ? taken.has(date) : null,
    })),
  };
}
