import { Group, Text, ThemeIcon } from '@mantine/core';
import { isDueOn, type TrackedMedication } from '@tend/shared';
import { IconCheck, IconClock, IconMinus } from '@tabler/icons-react';
import { useTrackingT } from '../i18n';

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
  const { t } = useTrackingT();
  const [Icon, color, variant, words] = !isDueOn(medication, today)
    ? [IconMinus, 'gray', 'light', t('today.notDue')]
    : medication.taken
      ? [IconCheck, 'tend', 'filled', t('today.taken')]
      : [IconClock, 'orange', 'light', t('today.notYet')];
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
