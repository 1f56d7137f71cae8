import { EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';

export const NO_PATIENTS_MESSAGE =
  'No patients share their medications with you yet. Patients can share from their My Doctors page.';

export function NoPatientsYet() {
  return (
    <EmptyState
      align="left"
      icon={<IconUsers size={28} aria-hidden />}
      title="No patients yet"
      description={NO_PATIENTS_MESSAGE}
    />
  );
}
