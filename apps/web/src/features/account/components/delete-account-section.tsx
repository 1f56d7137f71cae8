import { Button, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useAccountT } from '../i18n';
import { DeleteAccountModal } from './delete-account-modal';

/** The danger zone at the foot of the profile settings. */
export function DeleteAccountSection() {
  const { t } = useAccountT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Title order={2} size="h4" mb="xs">
        {t('deleteAccount.title')}
      </Title>
      <Text mb="md">{t('deleteAccount.intro')}</Text>
      <Button
        color="red.9"
        variant="outline"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={open}
      >
        {t('deleteAccount.open')}
      </Button>
      <DeleteAccountModal opened={opened} onClose={close} />
    </Paper>
  );
}
