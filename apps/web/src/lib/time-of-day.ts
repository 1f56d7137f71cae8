import type { TimeFrequency } from '@tend/shared';

/** SPEC §5: a medication is taken in the day, the afternoon or the night; this is how each reads. */
export const TIME_OF_DAY_LABELS: Record<TimeFrequency, string> = {
  day: 'Day',
  afternoon: 'Afternoon',
  night: 'Night',
};
