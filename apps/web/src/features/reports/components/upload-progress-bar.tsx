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
      {/* The whole track is the progress bar, so it is there to find from the first byte. */}
      <Progress.Root
        size="lg"
        radius="xl"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <Progress.Section value={percent} withAria={false} />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{words}</Text>
        {/* Once every byte has gone, Tend may already be saving it: stopping could not promise
            that nothing was kept. */}
        {percent < 100 && (
          <Button size="compact-sm" variant="default" onClick={onStop}>
            Stop upload
          </Button>
        )}
      </Group>
    </Stack>
  );
}
