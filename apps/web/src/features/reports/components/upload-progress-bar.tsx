import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadProgress } from '../api/post-with-progress';
import { numberFormat } from '../../../i18n/format';
import { useReportsT } from '../i18n';
import { formatSize } from './report-format';

type Props = { progress: UploadProgress; onStop: () => void };

/** How much of the file has gone, as a bar and in words, with a way to stop. */
export function UploadProgressBar({ progress, onStop }: Props) {
  const { t } = useReportsT();
  const { loaded, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  // Everything sent: the server is now checking and storing the file.
  const words =
    percent === 100
      ? t('progress.sent')
      : t('progress.uploading', { loaded: formatSize(t, loaded), total: formatSize(t, total) });
  return (
    <Stack gap={6}>
      {/* The whole track is the progress bar, so it is there to find from the first byte. */}
      <Progress.Root
        size="lg"
        radius="xl"
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={numberFormat({ style: 'percent' }).format(percent / 100)}
      >
        <Progress.Section value={percent} withAria={false} />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{words}</Text>
        {/* Once every byte has gone, Tend may already be saving it: stopping could not promise
            that nothing was kept. */}
        {percent < 100 && (
          <Button size="compact-sm" variant="default" onClick={onStop}>
            {t('progress.stop')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
