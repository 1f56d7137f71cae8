import { Alert, Button, Stack } from '@mantine/core';
import { useAuthT } from '../i18n';

/** The second step can no longer be answered (expired, used, too many wrong codes): start over. */
export function ChallengeEnded({ message, onRestart }: { message: string; onRestart: () => void }) {
  const { t } = useAuthT();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={t('twoStep.signInAgainTitle')} role="alert">
        {message}
      </Alert>
      <Button onClick={onRestart}>{t('twoStep.signInAgain')}</Button>
    </Stack>
  );
}
