import { Alert, List, Text } from '@mantine/core';
import type { RefusedDose } from '../offline/use-dose-queue';

/**
 * Mantine's orange titles, even its darkest shade, fall below 4.5:1 on the light orange background
 * (WCAG AA): a deep burnt orange of the same hue, 7:1.
 */
export const WARNING_STYLES = { title: { color: '#9a3412' } };

function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Offline, or ticks still waiting: what the person sees is this device's copy, and why. */
export function OfflineNote({ online, waiting }: { online: boolean; waiting: number }) {
  if (online && waiting === 0) return null;
  const ticks = waiting === 1 ? '1 tick is' : `${waiting} ticks are`;
  return (
    <Alert
      color="orange"
      variant="light"
      styles={WARNING_STYLES}
      role="status"
      title={online ? 'Not sent yet' : 'You are offline'}
    >
      <Text size="sm">
        {online
          ? `${ticks} waiting to be sent: Tend could not be reached. They are kept on this device and sent as soon as it answers.`
          : `This is today’s checklist as this device last saw it. Ticks you make are kept here and sent when you are back online${waiting > 0 ? ` (${ticks} waiting)` : ''}.`}
      </Text>
    </Alert>
  );
}

/** Ticks made offline that Tend refused when they were sent, each with the reason in words. */
export function RefusedTicks({
  refused,
  onDismiss,
}: {
  refused: RefusedDose[];
  onDismiss: () => void;
}) {
  if (refused.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title="Not saved"
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={onDismiss}
    >
      <Text size="sm" mb="xs">
        Tend refused {refused.length === 1 ? 'a tick' : 'ticks'} made while offline, so{' '}
        {refused.length === 1 ? 'it is' : 'they are'} back as Tend has{' '}
        {refused.length === 1 ? 'it' : 'them'}:
      </Text>
      <List size="sm">
        {refused.map(({ dose, message }) => (
          <List.Item key={`${dose.medicationId}:${dose.date}:${dose.tickedAt}`}>
            {`${dose.name} as ${dose.taken ? 'taken' : 'not taken'} on ${shortDate(dose.date)}: ${message}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Offline before this device ever kept a copy of the checklist. */
export function NoOfflineCopy() {
  return (
    <Alert
      color="orange"
      variant="light"
      styles={WARNING_STYLES}
      role="status"
      title="You are offline"
    >
      <Text size="sm">
        This device has no copy of today’s checklist yet. It loads as soon as you are back online.
      </Text>
    </Alert>
  );
}
