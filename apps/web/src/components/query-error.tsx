import { Alert, Button, Text } from '@mantine/core';

type Props = { title: string; error: Error; onRetry: () => void };

/** A failed load, said in words, with a way to try again. */
export function QueryError({ title, error, onRetry }: Props) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Text size="sm" mb="sm">
        {error.message}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
