import { Paper, Text, Title } from '@mantine/core';
import { useMe } from '../../../lib/me';
import { PharmacyCard } from './pharmacy-card';

/** On the pharmacy's dashboard, under its queue: itself as patients see it in the directory. */
export function OwnPharmacyPanel() {
  const me = useMe();
  const pharmacy = me.data?.pharmacy;
  if (!pharmacy) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        How patients see your pharmacy
      </Title>
      <Text c="dimmed" mb="md">
        Patients find you in the Tend directory by your name and city. Your licence number is not
        shown to them.
      </Text>
      <PharmacyCard pharmacy={pharmacy} headingOrder={3} component="div" />
    </Paper>
  );
}
