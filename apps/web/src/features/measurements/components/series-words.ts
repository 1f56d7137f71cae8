import {
  UNIT_LABELS,
  displayUnit,
  type MeasurementKind,
  type Series,
  type UnitSystem,
} from '@tend/shared';
import { shownNumber } from './measurement-words';

type Point = Series['points'][number];

/** "3 Nov" for a day, "Week of 3 Nov" for a week, "Nov 2026" for a month: a bucket's start. */
export function bucketLabel(point: Point, bucket: Series['bucket']): string {
  // The patient's calendar date; noon UTC keeps it the same day wherever the reader is.
  const day = new Date(`${point.date}T12:00:00Z`);
  if (bucket === 'month') {
    return day.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const short = day.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return bucket === 'week' ? `Week of ${short}` : short;
}

/** The value of a point for the chart: each bucket's mean, in the reader's units, at its start. */
/** A point as the chart takes it: its start (ms) and a value per line. */
export type ChartRow = { at: number } & Record<string, number | null>;

export function chartRow(point: Point, series: Series, system: UnitSystem): ChartRow {
  const unit = displayUnit(series.kind, system);
  // Placed by time, so days without readings keep their width on the axis.
  const at = Date.parse(point.at);
  if (series.kind === 'bloodpressure') {
    return {
      at,
      Systolic: Number(shownNumber(point.mean, unit)),
      Diastolic: point.diastolic ? Number(shownNumber(point.diastolic.mean, unit)) : null,
    };
  }
  return { at, Average: Number(shownNumber(point.mean, unit)) };
}

const pair = (a: number, b: number | undefined, unit: Parameters<typeof shownNumber>[1]) =>
  b === undefined ? shownNumber(a, unit) : `${shownNumber(a, unit)}/${shownNumber(b, unit)}`;

/** A bucket's lowest and highest reading in words ("118/76 to 152/96", "72 to 75"). */
export function pointRange(point: Point, kind: MeasurementKind, system: UnitSystem): string {
  const unit = displayUnit(kind, system);
  const low = pair(point.min, point.diastolic?.min, unit);
  const high = pair(point.max, point.diastolic?.max, unit);
  return low === high ? low : `${low} to ${high}`;
}

/**
 * The chart in one sentence, for everyone and for screen readers: "30 days: 12 readings, lowest
 * 118/76, highest 152/96 mmHg." (blood pressure's lowest and highest are of each number).
 */
export function seriesSummary(
  series: Series,
  span: string,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  const count = series.points.reduce((sum, point) => sum + point.count, 0);
  if (count === 0) return `${span}: no readings.`;
  const unit = displayUnit(kind, system);
  const min = Math.min(...series.points.map((p) => p.min));
  const max = Math.max(...series.points.map((p) => p.max));
  const diastolics = series.points.flatMap((p) => (p.diastolic ? [p.diastolic] : []));
  const dMin = diastolics.length > 0 ? Math.min(...diastolics.map((d) => d.min)) : undefined;
  const dMax = diastolics.length > 0 ? Math.max(...diastolics.map((d) => d.max)) : undefined;
  const low = pair(min, dMin, unit);
  const high = pair(max, dMax, unit);
  if (low === high) {
    const readings = count === 1 ? '1 reading,' : `${count} readings, all`;
    return `${span}: ${readings} ${low} ${UNIT_LABELS[unit]}.`;
  }
  const readings = `${count} readings`;
  return `${span}: ${readings}, lowest ${low}, highest ${high} ${UNIT_LABELS[unit]}.`;
}

/** An axis tick or tooltip title: the day of an instant, in the reader's words. */
export const dayOfInstant = (ms: number, timeZone: string) =>
  new Date(ms).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone });
