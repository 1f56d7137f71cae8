import { Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import type { VisitCallState } from '../call/use-visit-call';
import { useVisitsT } from '../i18n';
import { VideoTile } from './video-tile';
import classes from './visit-room.module.css';

type Props = { call: VisitCallState; otherName: string; preview: MediaStream };

/** Their picture filling the stage, yours in a corner. */
export function CallStage({ call, otherName, preview }: Props) {
  const { t } = useVisitsT();
  const theirs = call.phase === 'connected' || call.phase === 'reconnecting' ? call.remote : null;
  return (
    <div className={classes.stage}>
      <VideoTile
        className={classes.remote}
        stream={theirs}
        label={t('stage.theirVideo', { name: otherName })}
        testId="remote-video"
        placeholder={
          theirs ? undefined : (
            <Text fw={600} aria-hidden>
              {otherName}
            </Text>
          )
        }
      />
      <VideoTile
        className={classes.self}
        stream={preview}
        label={t('stage.yourCamera')}
        self
        testId="local-video"
        placeholder={
          call.cameraOff || !call.hasVideo ? (
            <Stack align="center" gap={4}>
              <IconVideoOff size={22} aria-hidden />
              <Text size="xs">{t('stage.cameraIsOff')}</Text>
            </Stack>
          ) : undefined
        }
      />
    </div>
  );
}
