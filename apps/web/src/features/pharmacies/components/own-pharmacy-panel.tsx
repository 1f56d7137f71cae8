import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMe } from '../../../lib/me';
import { PharmacyCard } from './pharmacy-card';

/**
 * The pharmacy's dashboard, until prescribing arrives: itself as patients see it in the directory,
 * and plainly what will come here. No sample prescriptions.
 */
export function OwnPharmacyPanel() {
  const me = useMe();
  const pharmacy = me.data?.pharmacy;
  return (
    <Stack gap="lg">
      <Alert
        color="tend"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title="Prescriptions will be listed here"
      >
        Doctors can already write prescriptions in Tend; once patients can send them to a pharmacy,
        those sent to yours will be listed on this page. Until then there is nothing to prepare.
      </Alert>
      {pharmacy && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb={4}>
            How patients see your pharmacy
          </Title>
          <Text c="dimmed" mb="md">
            Patients find you in the Tend directory by your name and city. Your licence number is
            not shown to them.
          </Text>
          <PharmacyCard pharmacy={pharmacy} headingOrder={3} component="div" />
        </Paper>
      )}
    </Stack>
  );
}
