import type { Availability, AvailabilityInput } from '@tend/shared';

/**
 * The availability form's state: each weekday's hours as rows the doctor can add and remove, and
 * the days off as a sorted list. Rows carry a key of their own so React keeps each row's inputs
 * (and focus) while rows above are removed.
 */
export type HoursRow = { key: string; weekday: number; start: string; end: string };

export type AvailabilityValues = {
  timezone: string;
  slotminutes: number;
  hours: HoursRow[];
  daysoff: string[];
};

/** ISO weekday numbers (Mon=1 … Sun=7), in the order a week is shown; named by `weekdays.<n>`. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `hours-${nextKey}`;
};

export function newRow(weekday: number, start = '09:00', end = '17:00'): HoursRow {
  return { key: newKey(), weekday, start, end };
}

export function toValues(saved: Availability): AvailabilityValues {
  return {
    timezone: saved.timezone,
    slotminutes: saved.slotminutes,
    hours: saved.weekly.map((range) => newRow(range.weekday, range.start, range.end)),
    daysoff: [...saved.daysoff].sort(),
  };
}

/**
 * The body to send, with the rows in weekday order. `rowKeys[i]` is the row that became
 * `weekly[i]`, so a server message about `weekly.3.end` can be put under that row's field.
 */
export function toBody(values: AvailabilityValues): { body: AvailabilityInput; rowKeys: string[] } {
  const rows = [...values.hours].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  return {
    body: {
      timezone: values.timezone,
      slotminutes: values.slotminutes,
      weekly: rows.map(({ weekday, start, end }) => ({ weekday, start, end })),
      daysoff: values.daysoff,
    },
    rowKeys: rows.map((row) => row.key),
  };
}
