import { Paper, Text, Title } from '@mantine/core';
import { PharmacyFinder } from './pharmacy-finder';

/** The directory of pharmacies registered on Tend, by name and city. */
export function PharmacySearch() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        Find a pharmacy
      </Title>
      <Text c="dimmed" mb="md">
        Pharmacies registered on Tend, with where they are and when they are open.
      </Text>
      <PharmacyFinder headingOrder={3} />
    </Paper>
  );
}
