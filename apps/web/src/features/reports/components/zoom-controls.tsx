import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { numberFormat } from '../../../i18n/format';
import { useReportsT } from '../i18n';

/** Scales relative to "fit": the file as wide as the frame (a small picture at its own size). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
export const FIT = 1;

type Props = {
  zoom: number;
  onZoom: (zoom: number) => void;
  /** What is zoomed, for the buttons' names ("the picture", "the page"). */
  subject: string;
};

const stepFrom = (zoom: number, direction: 1 | -1) => {
  const index = ZOOM_STEPS.findIndex((step) => step === zoom);
  return ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, index + direction))] ?? FIT;
};

/** Zoom out, zoom in, back to fit, with the current scale said in words. */
export function ZoomControls({ zoom, onZoom, subject }: Props) {
  const { t } = useReportsT();
  return (
    <Group gap="xs">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('zoom.out', { subject })}
        disabled={zoom === ZOOM_STEPS[0]}
        onClick={() => onZoom(stepFrom(zoom, -1))}
      >
        <IconZoomOut size={18} aria-hidden />
      </ActionIcon>
      <Text size="sm" miw={48} ta="center" aria-live="polite">
        {numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(zoom)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('zoom.in', { subject })}
        disabled={zoom === ZOOM_STEPS[ZOOM_STEPS.length - 1]}
        onClick={() => onZoom(stepFrom(zoom, 1))}
      >
        <IconZoomIn size={18} aria-hidden />
      </ActionIcon>
      <Button
        variant="default"
        size="compact-md"
        disabled={zoom === FIT}
        onClick={() => onZoom(FIT)}
      >
        {t('zoom.reset')}
      </Button>
    </Group>
  );
}

type FrameProps = {
  ref: Ref<HTMLDivElement>;
  /** What the frame shows, for screen readers. */
  label: string;
  maxHeight: string;
  children: ReactNode;
};

/**
 * The frame the zoomed file scrolls in. Focusable, so a zoomed file can be scrolled with the
 * keyboard.
 */
export function ZoomFrame({ ref, label, maxHeight, children }: FrameProps) {
  return (
    <Box
      ref={ref}
      tabIndex={0}
      role="region"
      aria-label={label}
      bg="gray.1"
      p="xs"
      style={{ overflow: 'auto', maxHeight, borderRadius: 'var(--mantine-radius-md)' }}
    >
      {children}
    </Box>
  );
}
