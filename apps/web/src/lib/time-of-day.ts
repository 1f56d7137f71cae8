import type { TimeFrequency } from '@tend/shared';
import '../i18n/common';
import { i18n } from '../i18n/i18n';

/** How a time of day reads, in the page's language at the moment it is asked for. */
export function timeOfDayLabel(time: TimeFrequency): string {
  return i18n.t(`common:timeOfDay.${time}`);
}

/**
 * A medication as one row of it is named wherever it is listed: "Amoxicillin · Night". A dispensed
 * prescription taken at several times of day is one medication per time of day (decision 025), so
 * the name alone would read twice; with its time each row is told from the other.
 */
export function medicationAtTime(medication: {
  name: string;
  timefrequency: TimeFrequency;
}): string {
  return i18n.t('common:timeOfDay.named', {
    name: medication.name,
    time: timeOfDayLabel(medication.timefrequency),
  });
}

/**
 * SPEC §5: a medication is taken in the day, the afternoon or the night; this is how each reads.
 * Each entry is looked up when it is read (not when this module loads), so it follows the page's
 * language: read it while rendering.
 */
export const TIME_OF_DAY_LABELS: Readonly<Record<TimeFrequency, string>> = {
  get day() {
    return timeOfDayLabel('day');
  },
  get afternoon() {
    return timeOfDayLabel('afternoon');
  },
  get night() {
    return timeOfDayLabel('night');
  },
};
