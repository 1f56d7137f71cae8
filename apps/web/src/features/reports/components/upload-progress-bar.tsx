import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadProgress } from '../api/post-with-progress';
import { formatSize } from './report-format';

type Props = { progress: UploadProgress; onStop: () => void };

/** How much of the file has gone, as a bar and in words, with a way to stop. */
export function UploadProgressBar({ progress, onStop }: Props) {
  const { loaded, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  // Everything sent: the server is now checking and storing the file.
  const words =
    percent === 100
      ? 'Sent. Tend is checking and saving the file…'
      : `Uploading: ${formatSize(loaded)} of ${formatSize(total)}`;
  return (
    <Stack gap={6}>
      <Progress value={percent} size="lg" radius="xl" aria-label="Upload progress" />
      <Group justify="space-between" gap="xs">
        <Text size="sm">{words}</Text>
        <Button size="compact-sm" variant="default" onClick={onStop}>
          Stop upload
        </Button>
      </Group>
    </Stack>
  );
}
