import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { displayUnit, type MeasurementKind } from '@tend/shared';
import { useId, useState } from 'react';
import { CHART_RANGES, useSeries, type ChartRange } from '../api/series';
import { useMeasurementsT } from '../i18n';
import { kindInSentence, kindLabel, unitLabel } from './measurement-words';
import { SeriesLineChart, type ChartTarget } from './series-line-chart';
import { SeriesTable } from './series-table';
import { seriesSummary } from './series-words';
import { rangeInWords } from './target-words';
import { useUnitSystem } from './use-unit-system';
import { LabelledSection } from '../../../components/labelled-section';
import { QueryProgress } from '../../../components/query-progress';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  kind: MeasurementKind;
  /** The doctors' targets for this kind, drawn as bands. */
  targets: readonly ChartTarget[];
  headingOrder?: 3 | 4;
};

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

  return (
    <LabelledSection labelledBy={headingId} padding="lg">
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
        <QueryProgress
          query={series}
          loading={t('chart.loading', { kind: inSentence })}
          failed={t('chart.loadFailed', { kind: inSentence })}
        />
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
                  <SeriesLineChart
                    series={series.data}
                    kind={kind}
                    system={system}
                    targets={targets}
                  />
                </div>
                <SeriesTable
                  series={series.data}
                  kind={kind}
                  system={system}
                  caption={t('chart.tableCaption', { kind: title, span, unit: unitLabel(t, unit) })}
                />
              </>
            )}
          </figure>
        )}
      </Stack>
    </LabelledSection>
  );
}
