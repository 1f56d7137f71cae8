import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KIND_LABELS } from '@tend/shared';
import { useId } from 'react';
import { QueryError } from '../../../components/query-error';
import { useMeasurementSummary } from '../api/summary';
import { MeasurementChart } from './measurement-chart';

type Props = {
  /** A doctor's linked patient; null for the signed-in patient. */
  patientId: string | null;
  headingOrder?: 2 | 3;
};

/** A chart for every kind with readings, with the doctors' targets drawn as bands. */
export function HealthCharts({ patientId, headingOrder = 2 }: Props) {
  const summary = useMeasurementSummary(patientId);
  const headingId = useId();
  const recorded = summary.data?.kinds.filter((kind) => kind.latest !== null) ?? [];
  const missing = summary.data?.kinds.filter((kind) => kind.latest === null) ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} size="h3" id={headingId}>
        Charts
      </Title>
      {summary.isPending && <Loader aria-label="Loading the charts" />}
      {summary.isError && (
        <QueryError
          title="We could not load the charts"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      )}
      {summary.isSuccess && recorded.length === 0 && (
        <Text c="dimmed">No readings yet: each kind gets a chart once it has one.</Text>
      )}
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
          {`No readings yet of ${missing.map((kind) => KIND_LABELS[kind.kind].toLowerCase()).join(', ')}.`}
        </Text>
      )}
    </Stack>
  );
}
