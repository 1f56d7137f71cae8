import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** SPEC §8's words for a medication that cannot be loaded, kept exactly. */
export const MEDICATION_LOAD_ERROR = 'Error fetching medication data';

/** A medication that could not be loaded (not found, not this patient's, or no connection). */
export function MedicationLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={MEDICATION_LOAD_ERROR}>
      <Text size="sm" mb="sm">
        {error.message}
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
        <Button size="xs" variant="default" component={Link} to="/patient/medications">
          Back to Medications
        </Button>
      </Group>
    </Alert>
  );
}
