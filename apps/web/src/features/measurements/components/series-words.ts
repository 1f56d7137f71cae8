import { displayUnit, type MeasurementKind, type Series, type UnitSystem } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import type { MeasurementsT } from '../i18n';
import { shownNumber, shownValue, unitLabel } from './measurement-words';

type Point = Series['points'][number];

/** "Nov 3" for a day, "Week of Nov 3" for a week, "Nov 2026" for a month: a bucket's start. */
export function bucketLabel(t: MeasurementsT, point: Point, bucket: Series['bucket']): string {
  // The patient's calendar date; noon UTC keeps it the same day wherever the reader is.
  const day = new Date(`${point.date}T12:00:00Z`);
  if (bucket === 'month') {
    return dateTimeFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(day);
  }
  const short = dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day);
  return bucket === 'week' ? t('chart.weekOf', { date: short }) : short;
}

/** A point as the chart takes it: its start (ms) and a value per line. */
export type ChartRow = { at: number } & Record<string, number | null>;

/** The value of a point for the chart: each bucket's mean, in the reader's units, at its start. */
export function chartRow(point: Point, series: Series, system: UnitSystem): ChartRow {
  const unit = displayUnit(series.kind, system);
  // Placed by time, so days without readings keep their width on the axis.
  const at = Date.parse(point.at);
  if (series.kind === 'bloodpressure') {
    return {
      at,
      Systolic: shownValue(point.mean, unit),
      Diastolic: point.diastolic ? shownValue(point.diastolic.mean, unit) : null,
    };
  }
  return { at, Average: shownValue(point.mean, unit) };
}

const pair = (
  t: MeasurementsT,
  a: number,
  b: number | undefined,
  unit: Parameters<typeof shownNumber>[1],
) =>
  b === undefined
    ? shownNumber(a, unit)
    : t('reading.pair', { systolic: shownNumber(a, unit), diastolic: shownNumber(b, unit) });

/** A bucket's lowest and highest reading in words ("118/76 to 152/96", "72 to 75"). */
export function pointRange(
  t: MeasurementsT,
  point: Point,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  const unit = displayUnit(kind, system);
  const low = pair(t, point.min, point.diastolic?.min, unit);
  const high = pair(t, point.max, point.diastolic?.max, unit);
  return low === high ? low : t('reading.range', { low, high });
}

/**
 * The chart in one sentence, for everyone and for screen readers: "30 days: 12 readings, lowest
 * 118/76, highest 152/96 mmHg." (blood pressure's lowest and highest are of each number).
 */
export function seriesSummary(
  t: MeasurementsT,
  series: Series,
  span: string,
  kind: MeasurementKind,
  system: UnitSystem,
): string {
  const count = series.points.reduce((sum, point) => sum + point.count, 0);
  if (count === 0) return t('summary.none', { span });
  const unit = displayUnit(kind, system);
  const min = Math.min(...series.points.map((p) => p.min));
  const max = Math.max(...series.points.map((p) => p.max));
  const diastolics = series.points.flatMap((p) => (p.diastolic ? [p.diastolic] : []));
  const dMin = diastolics.length > 0 ? Math.min(...diastolics.map((d) => d.min)) : undefined;
  const dMax = diastolics.length > 0 ? Math.max(...diastolics.map((d) => d.max)) : undefined;
  const low = pair(t, min, dMin, unit);
  const high = pair(t, max, dMax, unit);
  const label = unitLabel(t, unit);
  if (low === high) return t('summary.same', { span, count, value: low, unit: label });
  return t('summary.spread', { span, count, low, high, unit: label });
}

/** An axis tick or tooltip title: the day of an instant, in the page's language. */
export const dayOfInstant = (ms: number, timeZone: string) =>
  dateTimeFormat({ day: 'numeric', month: 'short', timeZone }).format(new Date(ms));
