import { EmptyState, Loader, NativeSelect, Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { fullName } from '../../../lib/me';
import { useLinkedPatients } from '../api/list-patients';
import { useReportsT } from '../i18n';

type Props = { value: string; onChange: (patientId: string) => void };

/** The doctor's linked patients, to narrow the reports to one record; more load on request. */
export function PatientPicker({ value, onChange }: Props) {
  const { t } = useReportsT();
  const patients = useLinkedPatients();
  const listed = patients.data?.some((patient) => patient._id === value) ?? false;

  if (patients.isPending) return <Loader aria-label={t('picker.loading')} />;
  if (patients.isError) {
    return (
      <QueryError
        title={t('picker.loadFailed')}
        error={patients.error}
        onRetry={() => void patients.refetch()}
      />
    );
  }
  if (patients.data.length === 0) {
    return (
      <EmptyState
        align="left"
        icon={<IconUsers size={28} aria-hidden />}
        title={t('picker.noneTitle')}
        description={t('picker.noneText')}
      />
    );
  }
  return (
    <Stack gap={0}>
      <NativeSelect
        label={t('picker.label')}
        description={t('picker.description')}
        value={listed ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[
          { value: '', label: t('picker.all') },
          ...patients.data.map((patient) => ({ value: patient._id, label: fullName(patient) })),
        ]}
        maw={420}
      />
      <LoadMoreButton query={patients} label={t('picker.loadMore')} />
    </Stack>
  );
}
