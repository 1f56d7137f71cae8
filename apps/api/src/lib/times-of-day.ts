import { TIME_FREQUENCIES, type TimeFrequency } from '@tend/shared';

/**
 * A prescription's times of day as stored: "day,night" → ['day', 'night']; only known times, in
 * the day's order. Read by the prescriptions module and by the FHIR export of its rows.
 */
export function timesOfDay(stored: string): TimeFrequency[] {
  const named = new Set(stored.split(','));
  return TIME_FREQUENCIES.filter((t) => named.has(t));
}
