import '@mantine/charts/styles.layer.css';
import { ChartTooltip, LineChart, type ChartReferenceAreaProps } from '@mantine/charts';
import {
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { displayUnit, fromCanonical, type MeasurementKind, type Target } from '@tend/shared';
import { useId, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { numberFormat } from '../../../i18n/format';
import { CHART_RANGES, useSeries, type ChartRange } from '../api/series';
import { useMeasurementsT } from '../i18n';
import { kindInSentence, kindLabel, unitLabel } from './measurement-words';
import {
  type ChartRow,
  bucketLabel,
  chartRow,
  dayOfInstant,
  pointRange,
  seriesSummary,
} from './series-words';
import { rangeInWords } from './target-words';
import { useUnitSystem } from './use-unit-system';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  kind: MeasurementKind;
  /** The doctors' targets for this kind, drawn as bands. */
  targets: readonly Pick<Target, 'low' | 'high'>[];
  headingOrder?: 3 | 4;
};

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
 * One kind over 7 days, 30 days, 90 days or a year, each bucket's mean as a point, with the target
 * band drawn. The picture is hidden from screen readers, which read the sentence under the heading
 * and a table of the same points instead.
 */
export function MeasurementChart({ patientId, kind, targets, headingOrder = 3 }: Props) {
  const { t } = useMeasurementsT();
  const [range, setRange] = useState<ChartRange>('30d');
  const series = useSeries(patientId, kind, range);
  const system = useUnitSystem();
  const headingId = useId();
  const unit = displayUnit(kind, system);
  const span = t(`chart.spans.${range}`);
  const title = kindLabel(t, kind);
  const inSentence = kindInSentence(t, kind);
  const rangeOptions = Object.keys(CHART_RANGES).map((value) => ({
    value,
    label: t(`chart.spans.${value}`),
  }));
  const number = numberFormat({ maximumFractionDigits: 2 });

  const bp = kind === 'bloodpressure';
  // A band reaches the edge of the plot on a side the target leaves open; the axis always takes
  // in the target's own ends, so a band never lies wholly off the picture.
  const bands: ChartReferenceAreaProps[] = targets.map((target) => ({
    y1: target.low == null ? 0 : fromCanonical(target.low, unit),
    y2: target.high == null ? 100_000 : fromCanonical(target.high, unit),
    color: 'teal.6',
    fillOpacity: 0.15,
    ifOverflow: 'hidden',
    label: bp ? t('chart.bandSystolic') : t('chart.band'),
    labelPosition: 'insideTopLeft',
  }));
  // The lines keep their data keys; their names are in the page's language.
  const lines = bp
    ? [
        { name: 'Systolic', label: t('chart.systolic'), color: 'red.8' },
        { name: 'Diastolic', label: t('chart.diastolic'), color: 'blue.8' },
      ]
    : [{ name: 'Average', label: t('chart.average'), color: 'tend.7' }];
  const rows = series.data?.points.map((point) => chartRow(point, series.data, system)) ?? [];
  const ends = targets
    .flatMap((target) => [target.low, target.high])
    .filter((end): end is number => end != null)
    .map((end) => fromCanonical(end, unit));

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Title order={headingOrder} size="h4" id={headingId}>
          {t('chart.heading', { kind: title, unit: unitLabel(t, unit) })}
        </Title>
        <SegmentedControl
          aria-label={t('chart.span', { kind: inSentence })}
          data={rangeOptions}
          value={range}
          onChange={(value) => setRange(value as ChartRange)}
          fullWidth
          maw={460}
        />
        {series.isPending && <Loader aria-label={t('chart.loading', { kind: inSentence })} />}
        {series.isError && (
          <QueryError
            title={t('chart.loadFailed', { kind: inSentence })}
            error={series.error}
            onRetry={() => void series.refetch()}
          />
        )}
        {series.isSuccess && (
          <figure style={{ margin: 0 }} aria-labelledby={`${headingId}-summary`}>
            <Text id={`${headingId}-summary`} component="figcaption" size="sm" fw={600}>
              {seriesSummary(t, series.data, span, kind, system)}
              {targets.length > 0 &&
                ` ${t('chart.targets', {
                  ranges: targets.map((target) => rangeInWords(t, target, kind, system)).join('; '),
                })}`}
            </Text>
            {series.data.points.length > 0 && (
              <>
                <div aria-hidden>
                  <LineChart
                    h={240}
                    mt="sm"
                    data={rows}
                    dataKey="at"
                    series={lines}
                    withLegend={bp}
                    curveType="linear"
                    connectNulls
                    referenceAreas={bands}
                    accessibilityLayer={false}
                    xAxisProps={{
                      type: 'number',
                      scale: 'time',
                      domain: [Date.parse(series.data.from), Date.parse(series.data.to)],
                      ticks: timeTicks(series.data.from, series.data.to),
                      padding: { left: 12, right: 12 },
                      tickFormatter: (ms: number) => dayOfInstant(ms, series.data.timezone),
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
                          label={
                            typeof label === 'number'
                              ? dayOfInstant(label, series.data.timezone)
                              : label
                          }
                          payload={payload}
                          series={lines}
                          valueFormatter={(value) => number.format(value)}
                        />
                      ),
                    }}
                    lineChartProps={{ accessibilityLayer: false }}
                  />
                </div>
                <VisuallyHidden>
                  <Table>
                    <caption>
                      {t('chart.tableCaption', { kind: title, span, unit: unitLabel(t, unit) })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">
                          {series.data.bucket === 'day' ? t('chart.day') : t('chart.period')}
                        </th>
                        <th scope="col">{t('chart.readings')}</th>
                        <th scope="col">{t('chart.lowestToHighest')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {series.data.points.map((point) => (
                        <tr key={point.at}>
                          <th scope="row">{bucketLabel(t, point, series.data.bucket)}</th>
                          <td>{point.count}</td>
                          <td>{pointRange(t, point, kind, system)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </VisuallyHidden>
              </>
            )}
          </figure>
        )}
      </Stack>
    </Paper>
  );
}
