import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';

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
  return (
    <Group gap="xs">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Zoom out of ${subject}`}
        disabled={zoom === ZOOM_STEPS[0]}
        onClick={() => onZoom(stepFrom(zoom, -1))}
      >
        <IconZoomOut size={18} aria-hidden />
      </ActionIcon>
      <Text size="sm" miw={48} ta="center" aria-live="polite">
        {`${Math.round(zoom * 100)}%`}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Zoom in on ${subject}`}
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
        Reset zoom
      </Button>
    </Group>
  );
}
