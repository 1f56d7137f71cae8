import { Button, Group } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import type { VisitCallState } from '../call/use-visit-call';
import { useVisitsT } from '../i18n';

type Props = { call: VisitCallState };

/** Mute and camera are toggles (aria-pressed says which way they are); hang up ends this side. */
export function CallControls({ call }: Props) {
  const { t } = useVisitsT();
  return (
    <Group justify="center" gap="sm" role="group" aria-label={t('controls.label')}>
      <Button
        variant={call.muted ? 'filled' : 'default'}
        color={call.muted ? 'dark' : undefined}
        aria-pressed={call.muted}
        disabled={!call.hasAudio}
        leftSection={
          call.muted ? (
            <IconMicrophoneOff size={18} aria-hidden />
          ) : (
            <IconMicrophone size={18} aria-hidden />
          )
        }
        onClick={call.toggleMute}
      >
        {t('controls.mute')}
      </Button>
      <Button
        variant={call.cameraOff ? 'filled' : 'default'}
        color={call.cameraOff ? 'dark' : undefined}
        aria-pressed={call.cameraOff}
        disabled={!call.hasVideo}
        leftSection={
          call.cameraOff ? (
            <IconVideoOff size={18} aria-hidden />
          ) : (
            <IconVideo size={18} aria-hidden />
          )
        }
        onClick={call.toggleCamera}
      >
        {t('controls.cameraOff')}
      </Button>
      <Button
        color="red.9"
        leftSection={<IconPhoneOff size={18} aria-hidden />}
        onClick={call.hangUp}
      >
        {t('controls.hangUp')}
      </Button>
    </Group>
  );
}
