import { Button, Group } from '@mantine/core';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconVideo,
  IconVideoOff,
  type TablerIcon,
} from '@tabler/icons-react';
import type { VisitCallState } from '../call/use-visit-call';
import { useVisitsT } from '../i18n';

type Props = { call: VisitCallState };

type ToggleProps = {
  /** Pressed: the microphone muted, the camera off. */
  pressed: boolean;
  disabled: boolean;
  /** The icon while not pressed, then the one while pressed. */
  icons: readonly [TablerIcon, TablerIcon];
  label: string;
  onClick: () => void;
};

/** A control that stays pressed: filled while pressed, its icon saying which way it is. */
function ToggleButton({ pressed, disabled, icons, label, onClick }: ToggleProps) {
  const Icon = icons[pressed ? 1 : 0];
  return (
    <Button
      variant={pressed ? 'filled' : 'default'}
      color={pressed ? 'dark' : undefined}
      aria-pressed={pressed}
      disabled={disabled}
      leftSection={<Icon size={18} aria-hidden />}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** Mute and camera are toggles (aria-pressed says which way they are); hang up ends this side. */
export function CallControls({ call }: Props) {
  const { t } = useVisitsT();
  const toggles: ToggleProps[] = [
    {
      label: t('controls.mute'),
      pressed: call.muted,
      disabled: !call.hasAudio,
      icons: [IconMicrophone, IconMicrophoneOff],
      onClick: call.toggleMute,
    },
    {
      label: t('controls.cameraOff'),
      pressed: call.cameraOff,
      disabled: !call.hasVideo,
      icons: [IconVideo, IconVideoOff],
      onClick: call.toggleCamera,
    },
  ];
  return (
    <Group justify="center" gap="sm" role="group" aria-label={t('controls.label')}>
      {toggles.map((toggle) => (
        <ToggleButton key={toggle.label} {...toggle} />
      ))}
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
