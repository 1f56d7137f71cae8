import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTargets } from '../api/targets';
import { useMeasurementsT } from '../i18n';
import { HealthCharts } from './health-charts';
import { HealthStatusPanel } from './health-status-panel';
import { ReadingsList } from './readings-list';
import { TargetsForm } from './targets-form';
import { useUnitSystem } from './use-unit-system';
import { QueryProgress } from '../../../components/query-progress';

type Props = { patientId: string; patientName: string };

/**
 * On the doctor's page for one linked patient: their Graph Status, "Record a reading" for a visit,
 * the charts with this doctor's targets, the targets to set, and the readings. Every look is in the
 * patient's access log (the API writes it).
 */
export function DoctorPatientHealth({ patientId, patientName }: Props) {
  const { t } = useMeasurementsT();
  const targets = useTargets(patientId);
  const system = useUnitSystem();
  const headingId = useId();
  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('doctor.heading')}
      </Title>
      <HealthStatusPanel patientId={patientId} patientName={patientName} headingOrder={3} />
      <HealthCharts patientId={patientId} headingOrder={3} />
      <QueryProgress
        query={targets}
        loading={t('targets.loading')}
        failed={t('targets.loadFailed')}
      />
      {targets.isSuccess && (
        // Its numbers are in the doctor's units: a change of units starts it afresh.
        <TargetsForm key={system} patientId={patientId} saved={targets.data} />
      )}
      <ReadingsList patientId={patientId} headingOrder={3} />
    </Stack>
  );
}
