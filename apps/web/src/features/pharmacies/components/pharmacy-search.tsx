import { Paper, Text, Title } from '@mantine/core';
import { PharmacyFinder } from './pharmacy-finder';
import { usePharmaciesT } from '../i18n';

/** The directory of pharmacies registered on Tend, by name and city. */
export function PharmacySearch() {
  const { t } = usePharmaciesT();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        {t('search.heading')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('search.intro')}
      </Text>
      <PharmacyFinder headingOrder={3} />
    </Paper>
  );
}
