import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useMedicationsT } from '../i18n';

/** A medication that could not be loaded (not found, not this patient's, or no connection). */
export function MedicationLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useMedicationsT();
  return (
    // The title is SPEC §8's words for a medication that cannot be loaded, kept exactly.
    <Alert color="red" variant="light" title={t('loadError.title')}>
      <Text size="sm" mb="sm">
        {error.message}
      </Text>
      <Group gap="sm">
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('loadError.tryAgain')}
        </Button>
        <Button size="xs" variant="default" component={Link} to="/patient/medications">
          {t('loadError.back')}
        </Button>
      </Group>
    </Alert>
  );
}
