import {
  UNIT_DECIMALS,
  fromCanonical,
  displayUnit,
  roundTo,
  type CategoryTone,
  type MeasurementCategory,
  type MeasurementKind,
  type MeasurementUnit,
  type MeasurementValue,
  type UnitSystem,
} from '@tend/shared';
import { dateTimeFormat, numberFormat } from '../../../i18n/format';
import type { MeasurementsT } from '../i18n';

/**
 * Each category tone as a colour (a badge's background and text, above 4.5:1 either way, and the
 * tile's edge); the category's words are always shown too, so nothing rests on colour alone.
 */
export const TONE_COLORS: Record<CategoryTone, { bg: string; fg: string }> = {
  ok: { bg: 'teal.9', fg: 'white' },
  caution: { bg: 'yellow.3', fg: 'dark.9' },
  warning: { bg: 'orange.7', fg: 'dark.9' },
  danger: { bg: 'red.9', fg: 'white' },
};

/** Each unit's key in the catalog ("units.perMinute" reads "beats/min"). */
const UNIT_KEYS: Record<MeasurementUnit, string> = {
  kg: 'kg',
  lb: 'lb',
  cm: 'cm',
  in: 'in',
  'mm[Hg]': 'mmHg',
  '/min': 'perMinute',
  'mg/dL': 'mgdL',
  'mmol/L': 'mmolL',
  Cel: 'celsius',
  '[degF]': 'fahrenheit',
  '%': 'percent',
};

/** "mmHg", "beats/min": how a unit reads in the page's language. */
export const unitLabel = (t: MeasurementsT, unit: MeasurementUnit): string =>
  t(`units.${UNIT_KEYS[unit]}`);

/** "Blood pressure": a kind's name, as a heading or at the start of a sentence. */
export const kindLabel = (t: MeasurementsT, kind: MeasurementKind): string => t(`kinds.${kind}`);

/** "blood pressure": a kind's name inside a sentence. */
export const kindInSentence = (t: MeasurementsT, kind: MeasurementKind): string =>
  t(`kindsLower.${kind}`);

/**
 * A reading's category in words ("Stage 2 hypertension"), by its stable code and the kind it bands
 * ('bmi' for the BMI tile); the server's English label if the catalog does not know the code.
 */
export const categoryLabel = (
  t: MeasurementsT,
  kind: MeasurementKind | 'bmi',
  category: MeasurementCategory,
): string => t(`categories.${kind}.${category.code}`, { defaultValue: category.label });

/** A canonical number in `unit`, rounded as that unit is read (72.5). */
export function shownValue(canonical: number, unit: MeasurementUnit): number {
  return roundTo(fromCanonical(canonical, unit), UNIT_DECIMALS[unit]);
}

/** A canonical number shown in `unit`, rounded as that unit is read ("72.5", "72,5"). */
export function shownNumber(canonical: number, unit: MeasurementUnit): string {
  return numberFormat({ maximumFractionDigits: UNIT_DECIMALS[unit], useGrouping: false }).format(
    shownValue(canonical, unit),
  );
}

/** "150/95" and "mmHg": a stored reading's number(s) and unit in the person's units. */
export function readingParts(
  t: MeasurementsT,
  kind: MeasurementKind,
  value: MeasurementValue,
  system: UnitSystem,
): { number: string; unit: string } {
  const unit = displayUnit(kind, system);
  const number =
    typeof value === 'number'
      ? shownNumber(value, unit)
      : t('reading.pair', {
          systolic: shownNumber(value.systolic, unit),
          diastolic: shownNumber(value.diastolic, unit),
        });
  return { number, unit: unitLabel(t, unit) };
}

/** "150/95 mmHg", "165.3 lb": a stored reading in the person's units. */
export function readingInWords(
  t: MeasurementsT,
  kind: MeasurementKind,
  value: MeasurementValue,
  system: UnitSystem,
): string {
  return t('reading.withUnit', readingParts(t, kind, value, system));
}

/** When a reading was taken, in the page's language and the reader's zone. */
export const takenAtInWords = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
