import {
  UNIT_DECIMALS,
  UNIT_LABELS,
  displayUnit,
  fromCanonical,
  roundTo,
  type CategoryTone,
  type MeasurementKind,
  type MeasurementUnit,
  type MeasurementValue,
  type UnitSystem,
} from '@tend/shared';

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

/** A canonical number shown in `unit`, rounded as that unit is read ("72.5"). */
export function shownNumber(canonical: number, unit: MeasurementUnit): string {
  return String(roundTo(fromCanonical(canonical, unit), UNIT_DECIMALS[unit]));
}

/** "150/95" and "mmHg": a stored reading's number(s) and unit in the person's units. */
export function readingParts(
  kind: MeasurementKind,
  value: MeasurementValue,
  system: UnitSystem,
): { number: string; unit: string } {
  const unit = displayUnit(kind, system);
  const number =
    typeof value === 'number'
      ? shownNumber(value, unit)
      : `${shownNumber(value.systolic, unit)}/${shownNumber(value.diastolic, unit)}`;
  return { number, unit: UNIT_LABELS[unit] };
}

/** "150/95 mmHg", "165.3 lb": a stored reading in the person's units. */
export function readingInWords(
  kind: MeasurementKind,
  value: MeasurementValue,
  system: UnitSystem,
): string {
  const { number, unit } = readingParts(kind, value, system);
  return `${number} ${unit}`;
}

/** When a reading was taken, in the reader's own words and zone. */
export const takenAtInWords = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
