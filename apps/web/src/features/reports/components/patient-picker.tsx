import { EmptyState, Loader, NativeSelect, Stack } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { fullName } from '../../../lib/me';
import { useLinkedPatients } from '../api/list-patients';

type Props = { value: string; onChange: (patientId: string) => void };

/** The doctor's linked patients, to narrow the reports to one record; more load on request. */
export function PatientPicker({ value, onChange }: Props) {
  const patients = useLinkedPatients();
  const listed = patients.data?.some((patient) => patient._id === value) ?? false;

  if (patients.isPending) return <Loader aria-label="Loading your patients" />;
  if (patients.isError) {
    return (
      <QueryError
        title="We could not load your patients"
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
        title="No patients yet"
        description="Once a patient shares their record with you, or you accept their appointment, you can open their reports here."
      />
    );
  }
  return (
    <Stack gap={0}>
      <NativeSelect
        label="Patient"
        description="Patients who share their records with you: choose one to see only theirs"
        value={listed ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[
          { value: '', label: 'All patients' },
          ...patients.data.map((patient) => ({ value: patient._id, label: fullName(patient) })),
        ]}
        maw={420}
      />
      <LoadMoreButton query={patients} label="Load more patients" />
    </Stack>
  );
}
