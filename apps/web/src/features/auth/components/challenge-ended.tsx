import { Alert, Button, Stack } from '@mantine/core';

/** The second step can no longer be answered (expired, used, too many wrong codes): start over. */
export function ChallengeEnded({ message, onRestart }: { message: string; onRestart: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title="Please sign in again" role="alert">
        {message}
      </Alert>
      <Button onClick={onRestart}>Sign in again</Button>
    </Stack>
  );
}
