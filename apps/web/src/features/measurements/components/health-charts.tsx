import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useMeasurementSummary } from '../api/summary';
import { listFormat } from '../../../i18n/format';
import { useMeasurementsT } from '../i18n';
import { MeasurementChart } from './measurement-chart';
import { kindInSentence } from './measurement-words';
import { QueryProgress } from '../../../components/query-progress';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  headingOrder?: 2 | 3;
};

/** A chart for every kind with readings, with the doctors' targets drawn as bands. */
export function HealthCharts({ patientId, headingOrder = 2 }: Props) {
  const { t } = useMeasurementsT();
  const summary = useMeasurementSummary(patientId);
  const headingId = useId();
  const recorded = summary.data?.kinds.filter((kind) => kind.latest !== null) ?? [];
  const missing = summary.data?.kinds.filter((kind) => kind.latest === null) ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h3" id={headingId}>
        {t('charts.heading')}
      </Title>
      <QueryProgress
        query={summary}
        loading={t('charts.loading')}
        failed={t('charts.loadFailed')}
      />
      {summary.isSuccess && recorded.length === 0 && <Text c="dimmed">{t('charts.none')}</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {recorded.map((kind) => (
          <MeasurementChart
            key={kind.kind}
            patientId={patientId}
            kind={kind.kind}
            targets={kind.targets}
            headingOrder={(headingOrder + 1) as 3 | 4}
          />
        ))}
      </SimpleGrid>
      {summary.isSuccess && recorded.length > 0 && missing.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('charts.missing', {
            kinds: listFormat({ type: 'unit', style: 'short' }).format(
              missing.map((kind) => kindInSentence(t, kind.kind)),
            ),
          })}
        </Text>
      )}
    </Stack>
  );
}
