import { Alert, Stack, Switch, Text } from '@mantine/core';
import type { NotificationSettings, UserType } from '@tend/shared';
import { useState } from 'react';
import { useEmailStatus } from '../api/email-status';
import { useSaveNotificationSettings } from '../api/notification-settings';
import { READER, useSettingsT } from '../i18n';
import { useBrowserPush } from './use-browser-push';
import { FailureAlert } from '../../../components/failure-alert';

/** Email and this browser's notifications, each saved as soon as it is switched. */
export function DeliverySwitches({
  settings,
  userType,
}: {
  settings: NotificationSettings;
  userType: UserType;
}) {
  const { t } = useSettingsT();
  const saveEmail = useSaveNotificationSettings();
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  const push = useBrowserPush(settings);
  const emailStatus = useEmailStatus().data;
  // Why switched-on email reminders would not go out yet, if they would not.
  const emailHeldBack = !settings.email
    ? null
    : emailStatus?.sendable === false
      ? t('email.notSendable')
      : emailStatus?.confirmed === false
        ? t('email.notConfirmed')
        : null;

  const setEmail = (email: boolean) => {
    setSavedEmail(null);
    saveEmail.mutate(
      { ...settings, email },
      {
        onSuccess: (saved) => setSavedEmail(saved.email ? t('email.on') : t('email.off')),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Switch
          label={t('email.label')}
          description={t(`email.description${READER[userType]}`)}
          checked={settings.email}
          disabled={saveEmail.isPending}
          onChange={(event) => setEmail(event.currentTarget.checked)}
        />
        <FailureAlert title={t('email.notChanged')} message={saveEmail.error?.message} />
        <div role="status">{savedEmail && <Text size="sm">{savedEmail}</Text>}</div>
        {emailHeldBack && <Text size="sm">{emailHeldBack}</Text>}
      </Stack>

      <Stack gap="xs">
        <Switch
          label={t('push.label')}
          description={t(`push.description${READER[userType]}`)}
          checked={push.checked}
          disabled={push.busy || push.checking || (push.unavailable !== null && !push.checked)}
          onChange={(event) => push.toggle(event.currentTarget.checked)}
        />
        {push.unavailable && !push.error && (
          <Alert color="orange" variant="light" title={t('push.unavailableTitle')}>
            {t(`push.${push.unavailable}`)}
          </Alert>
        )}
        {push.elsewhere && !push.status && (
          <Text size="sm" c="dimmed">
            {t('push.elsewhere')}
          </Text>
        )}
        <FailureAlert title={t('push.notChanged')} message={push.error} />
        <div role="status">{push.status && <Text size="sm">{push.status}</Text>}</div>
      </Stack>
    </Stack>
  );
}
