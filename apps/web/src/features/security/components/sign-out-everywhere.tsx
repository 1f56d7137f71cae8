import { Button, Stack, Text } from '@mantine/core';
import { IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { clearSession } from '../../../lib/session';
import { useEndAllDeviceSessions } from '../api/device-sessions';
import { useSecurityT } from '../i18n';

/**
 * "Sign out everywhere" (after a question): every session of the account ends on the server, this
 * one included, so this tab and the browser's others then forget theirs and go to the sign-in page.
 */
export function SignOutEverywhere() {
  const { t } = useSecurityT();
  const ending = useEndAllDeviceSessions();
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    ending.mutate(undefined, {
      onSuccess: () =>
        clearSession({
          redirectTo: '/sign-in',
          notice: { tone: 'success', message: t('devices.signedOutEverywhere') },
        }),
    });

  return (
    <Stack gap="xs" mt="md" align="flex-start">
      <Text size="sm">{t('devices.everywhereIntro')}</Text>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconLogout2 size={18} aria-hidden />}
        onClick={() => {
          ending.reset();
          setConfirming(true);
        }}
      >
        {t('devices.everywhere')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        pending={ending.isPending}
        error={ending.isError ? ending.error.message : null}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        title={t('devices.everywhereTitle')}
        confirmLabel={t('devices.everywhere')}
        cancelLabel={t('devices.cancel')}
      >
        {t('devices.everywhereText')}
      </ConfirmDialog>
    </Stack>
  );
}
