import { Alert, Button, Text } from '@mantine/core';
import { useCommonT } from '../i18n/common';

type Props = { title: string; error: Error; onRetry: () => void };

/** A failed load, said in words, with a way to try again. */
export function QueryError({ title, error, onRetry }: Props) {
  const { t } = useCommonT();
  return (
    <Alert color="red" variant="light" title={title}>
      <Text size="sm" mb="sm">
        {error.message}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        {t('queryError.retry')}
      </Button>
    </Alert>
  );
}
