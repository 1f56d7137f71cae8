import { Group, Text, ThemeIcon } from '@mantine/core';
import { isDueOn, type TrackedMedication } from '@tend/shared';
import { IconCheck, IconClock, IconMinus } from '@tabler/icons-react';

/**
 * Today's real state (DESIGN fixes the spec's always-ticked box): read-only, an icon and words.
 */
export function TakenToday({
  medication,
  today,
}: {
  medication: TrackedMedication;
  today: string;
}) {
  const [Icon, color, variant, words] = !isDueOn(medication, today)
    ? [IconMinus, 'gray', 'light', 'Not due today']
    : medication.taken
      ? [IconCheck, 'tend', 'filled', 'Taken']
      : [IconClock, 'orange', 'light', 'Not yet'];
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon size={22} radius="xl" color={color} variant={variant} aria-hidden>
        <Icon size={14} stroke={2.5} />
      </ThemeIcon>
      <Text size="sm" fw={medication.taken ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
        {words}
      </Text>
    </Group>
  );
}
