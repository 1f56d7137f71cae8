import { Button, Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { DeleteAccountModal } from './delete-account-modal';

/** The danger zone at the foot of the profile settings. */
export function DeleteAccountSection() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Title order={2} size="h4" mb="xs">
        Delete my account
      </Title>
      <Text mb="md">
        Deletes your account and everything Tend keeps about you. You will be asked for your
        password first.
      </Text>
      <Button
        color="red.9"
        variant="outline"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={open}
      >
        Delete my account…
      </Button>
      <DeleteAccountModal opened={opened} onClose={close} />
    </Paper>
  );
}
