import '@mantine/charts/styles.layer.css';
import { ChartTooltip, LineChart, type ChartReferenceAreaProps } from '@mantine/charts';
import {
  displayUnit,
  fromCanonical,
  type MeasurementKind,
  type Series,
  type Target,
  type UnitSystem,
} from '@tend/shared';
import { numberFormat } from '../../../i18n/format';
import { useMeasurementsT, type MeasurementsT } from '../i18n';
import { type ChartRow, chartRow, dayOfInstant } from './series-words';

type Props = {
  series: Series;
  kind: MeasurementKind;
  system: UnitSystem;
  /** The doctors' targets for this kind, drawn as bands. */
  targets: readonly ChartTarget[];
};

/** A target as the chart draws it; blood pressure's `diastolic` is a second band. */
export type ChartTarget = Pick<Target, 'low' | 'high'> & Partial<Pick<Target, 'diastolic'>>;
type Ends = { low: number | null; high: number | null };
const bounded = (ends: Ends | null | undefined): ends is Ends =>
  ends != null && (ends.low != null || ends.high != null);

/**
 * The value axis: the readings and the targets' ends with a little room, from and to round numbers,
 * with at most six ticks a round step apart (1, 2, 5, 10, 20, 25, 50 or 100), so they read plainly.
 */
function valueAxis(
  rows: ChartRow[],
  ends: number[],
): { domain: [number, number]; ticks: number[] } {
  const values = [
    ...rows.flatMap((row) =>
      Object.entries(row).flatMap(([key, v]) => (key !== 'at' && v !== null ? [v] : [])),
    ),
    ...ends,
  ];
  if (values.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const room = Math.max(1, (high - low) * 0.1);
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => (high - low + 2 * room) / s <= 5) ?? 200;
  const from = Math.floor((low - room) / step) * step;
  const to = Math.ceil((high + room) / step) * step;
  const ticks = Array.from(
    { length: Math.round((to - from) / step) + 1 },
    (_, i) => from + i * step,
  );
  return { domain: [from, to], ticks };
}

/** Four days spread over the span, both ends included, for the time axis to name. */
function timeTicks(from: string, to: string): number[] {
  const start = Date.parse(from);
  const step = (Date.parse(to) - start) / 3;
  return [0, 1, 2, 3].map((i) => Math.round(start + i * step));
}

/**
 * A band reaches the edge of the plot on a side the target leaves open; the axis always takes in
 * the target's own ends, so a band never lies wholly off the picture.
 */
function targetBands(
  t: MeasurementsT,
  targets: Props['targets'],
  unit: ReturnType<typeof displayUnit>,
  bp: boolean,
): ChartReferenceAreaProps[] {
  const band = (ends: Ends, color: string, label: string): ChartReferenceAreaProps => ({
    y1: ends.low == null ? 0 : fromCanonical(ends.low, unit),
    y2: ends.high == null ? 100_000 : fromCanonical(ends.high, unit),
    color,
    fillOpacity: 0.15,
    ifOverflow: 'hidden',
    label,
    labelPosition: 'insideTopLeft',
  });
  return targets.flatMap((target) => [
    ...(bounded(target)
      ? [band(target, 'teal.6', bp ? t('chart.bandSystolic') : t('chart.band'))]
      : []),
    // Blood pressure's other number: a band of the diastolic line's colour family.
    ...(bp && bounded(target.diastolic)
      ? [band(target.diastolic, 'blue.6', t('chart.bandDiastolic'))]
      : []),
  ]);
}

/** The lines keep their data keys; their names are in the page's language. */
function seriesLines(t: MeasurementsT, bp: boolean) {
  return bp
    ? [
        { name: 'Systolic', label: t('chart.systolic'), color: 'red.8' },
        { name: 'Diastolic', label: t('chart.diastolic'), color: 'blue.8' },
      ]
    : [{ name: 'Average', label: t('chart.average'), color: 'tend.7' }];
}

/** Each bucket's mean as a point over the span, with the target bands; a picture only. */
export function SeriesLineChart({ series, kind, system, targets }: Props) {
  const { t } = useMeasurementsT();
  const unit = displayUnit(kind, system);
  const number = numberFormat({ maximumFractionDigits: 2 });
  const bp = kind === 'bloodpressure';
  const lines = seriesLines(t, bp);
  const rows = series.points.map((point) => chartRow(point, series, system));
  const ends = targets
    .flatMap((target) => [target.low, target.high, target.diastolic?.low, target.diastolic?.high])
    .filter((end): end is number => end != null)
    .map((end) => fromCanonical(end, unit));

  return (
    <LineChart
      h={240}
      mt="sm"
      data={rows}
      dataKey="at"
      series={lines}
      withLegend={bp}
      curveType="linear"
      connectNulls
      referenceAreas={targetBands(t, targets, unit, bp)}
      accessibilityLayer={false}
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: [Date.parse(series.from), Date.parse(series.to)],
        ticks: timeTicks(series.from, series.to),
        padding: { left: 12, right: 12 },
        tickFormatter: (ms: number) => dayOfInstant(ms, series.timezone),
      }}
      yAxisProps={{
        ...valueAxis(rows, ends),
        width: 44,
        tickFormatter: (value: number) => number.format(value),
      }}
      tooltipAnimationDuration={0}
      tooltipProps={{
        content: ({ label, payload }) => (
          <ChartTooltip
            label={typeof label === 'number' ? dayOfInstant(label, series.timezone) : label}
            payload={payload}
            series={lines}
            valueFormatter={(value) => number.format(value)}
          />
        ),
      }}
      lineChartProps={{ accessibilityLayer: false }}
    />
  );
}
