import { Group, Paper, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/fact-list';
import { AppointmentCardFooter } from './appointment-card-footer';
import { StatusBadge } from './status-badge';

type Props = React.ComponentProps<typeof AppointmentCardFooter> & {
  /** h2 on a page of its own cards, h3 inside a dashboard tab. */
  headingOrder: TitleOrder;
  facts: [string, ReactNode][];
};

/** One visit as a list item, for either side: the other person, the status, the facts, the footer. */
export function AppointmentCard({ headingOrder, facts, ...footer }: Props) {
  return (
    <Paper component="li" withBorder radius="lg" p="md">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {footer.name}
        </Title>
        <StatusBadge status={footer.appointment.status} />
      </Group>
      <FactList labelWidth={90} gap={4} mb="sm" facts={facts} />
      <AppointmentCardFooter {...footer} />
    </Paper>
  );
}
