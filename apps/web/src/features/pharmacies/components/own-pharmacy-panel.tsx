import { Paper, Text, Title } from '@mantine/core';
import { useMe } from '../../../lib/me';
import { PharmacyCard } from './pharmacy-card';
import { usePharmaciesT } from '../i18n';

/** On the pharmacy's dashboard, under its queue: itself as patients see it in the directory. */
export function OwnPharmacyPanel() {
  const { t } = usePharmaciesT();
  const me = useMe();
  const pharmacy = me.data?.pharmacy;
  if (!pharmacy) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb={4}>
        {t('own.heading')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('own.intro')}
      </Text>
      <PharmacyCard pharmacy={pharmacy} headingOrder={3} component="div" />
    </Paper>
  );
}
