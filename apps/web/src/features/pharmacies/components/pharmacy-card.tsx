import { Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PharmacySummary } from '@tend/shared';
import type { ReactNode } from 'react';
import { usePharmaciesT } from '../i18n';

/** A pharmacy as patients see it in the directory (and the pharmacy sees itself on its dashboard). */
export function PharmacyCard({
  pharmacy,
  headingOrder,
  component = 'li',
  action,
}: {
  pharmacy: Omit<PharmacySummary, '_id'>;
  headingOrder: 2 | 3;
  component?: 'li' | 'div';
  /** A button for this pharmacy (Send here), beside the details where there is room. */
  action?: ReactNode;
}) {
  const { t } = usePharmaciesT();
  const place = [pharmacy.address, `${pharmacy.postcode} ${pharmacy.city}`, pharmacy.country];
  return (
    <Paper component={component} withBorder radius="lg" p="md">
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        gap="md"
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-start' }}
      >
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {pharmacy.name}
          </Title>
          <Text style={{ overflowWrap: 'anywhere' }}>{place.join(', ')}</Text>
          <Text>
            {t('card.phone')}{' '}
            <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
              {pharmacy.phone}
            </Text>
          </Text>
          <Text c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {t('card.hours', { hours: pharmacy.openinghours })}
          </Text>
        </Stack>
        {action && (
          <Group justify="flex-end" style={{ flexShrink: 0 }}>
            {action}
          </Group>
        )}
      </Flex>
    </Paper>
  );
}
