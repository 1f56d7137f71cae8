import { Alert, EmptyState, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPill } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { UserAvatar } from '../../../components/user-avatar';
import { fullName } from '../../../lib/me';
import { trackingKeys } from '../api/keys';
import { isNoLongerShared, useTracking } from '../api/track-medications';
import { RecentDaysLegend } from './recent-days';
import { useTrackingT } from '../i18n';
import { TrackingTable } from './tracking-table';
import { longDay } from './tracking-words';

/** What the page shows of a patient it could load, for more about them below (patientSection). */
export type TrackedPatient = { patientId: string; name: string; today: string };

type Props = {
  patientId: string;
  /** More about this patient from other features, below their medications (the app puts it in). */
  patientSection?: (patient: TrackedPatient) => ReactNode;
};

/**
 * One linked patient's medications: today's doses, adherence and the last 14 days; then
 * `patientSection`, only once the patient is known to share with this doctor.
 */
export function PatientMedications({ patientId, patientSection }: Props) {
  const { t } = useTrackingT();
  const tracking = useTracking(patientId);
  const queryClient = useQueryClient();
  const headingId = useId();
  const ended = tracking.isError && isNoLongerShared(tracking.error);

  // The link is gone: the patient list is out of date too.
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: trackingKeys.patients });
  }, [ended, queryClient]);

  if (tracking.isPending) return <Loader aria-label={t('patient.loading')} />;
  if (ended) {
    return (
      <Alert
        color="orange"
        variant="light"
        title={t('patient.noLongerShared')}
        role="alert"
        // Mantine's orange title is too light to read on its pale background.
        styles={{ label: { color: 'var(--mantine-color-black)' } }}
      >
        {t('patient.noLongerSharedText')}
      </Alert>
    );
  }
  if (tracking.isError) {
    return (
      <QueryError
        title={t('patient.loadFailed')}
        error={tracking.error}
        onRetry={() => void tracking.refetch()}
      />
    );
  }

  const { patient, today, medications } = tracking.data;
  const name = fullName(patient);
  const day = longDay(today);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar person={patient} size={56} alt="" />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('patient.today', { day, timeZone: patient.timezone.replaceAll('_', ' ') })}
            </Text>
          </div>
        </Group>
      </Paper>
      <div>
        <Title order={2} size="h3" mb="sm" id={headingId}>
          {t('patient.heading')}
        </Title>
        {medications.length === 0 ? (
          <EmptyState
            align="left"
            icon={<IconPill size={28} aria-hidden />}
            title={t('patient.none', { name })}
            description={t('patient.noneText')}
          />
        ) : (
          <>
            <TrackingTable medications={medications} today={today} labelledBy={headingId} />
            <LoadMoreButton query={tracking} label={t('patient.loadMore')} />
            <RecentDaysLegend />
          </>
        )}
      </div>
      {patientSection?.({ patientId, name, today })}
    </Stack>
  );
}
