import { Table, VisuallyHidden } from '@mantine/core';
import type { MeasurementKind, Series, UnitSystem } from '@tend/shared';
import { useMeasurementsT } from '../i18n';
import { bucketLabel, pointRange } from './series-words';

type Props = {
  series: Series;
  kind: MeasurementKind;
  system: UnitSystem;
  /** The table's caption: the kind, span and unit, as the chart's heading says them. */
  caption: string;
};

/** The chart's points as a table, for screen readers in place of the picture. */
export function SeriesTable({ series, kind, system, caption }: Props) {
  const { t } = useMeasurementsT();
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{series.bucket === 'day' ? t('chart.day') : t('chart.period')}</th>
            <th scope="col">{t('chart.readings')}</th>
            <th scope="col">{t('chart.lowestToHighest')}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((point) => (
            <tr key={point.at}>
              <th scope="row">{bucketLabel(t, point, series.bucket)}</th>
              <td>{point.count}</td>
              <td>{pointRange(t, point, kind, system)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </VisuallyHidden>
  );
}
