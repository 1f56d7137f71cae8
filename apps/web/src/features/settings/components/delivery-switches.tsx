import { Alert, Stack, Switch, Text } from '@mantine/core';
import type { NotificationSettings, UserType } from '@tend/shared';
import { useState } from 'react';
import { useEmailStatus } from '../api/email-status';
import { useSaveNotificationSettings } from '../api/notification-settings';
import { useBrowserPush } from './use-browser-push';

/** Email and this browser's notifications, each saved as soon as it is switched. */
export function DeliverySwitches({
  settings,
  userType,
}: {
  settings: NotificationSettings;
  userType: UserType;
}) {
  const saveEmail = useSaveNotificationSettings();
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  const push = useBrowserPush(settings);
  const emailStatus = useEmailStatus().data;
  // Why switched-on email reminders would not go out yet, if they would not.
  const emailHeldBack = !settings.email
    ? null
    : emailStatus?.sendable === false
      ? 'This Tend is not set up to send email, so email reminders cannot go out. They stay in the bell.'
      : emailStatus?.confirmed === false
        ? 'Email reminders start once you confirm your address with the link we sent you.'
        : null;

  const setEmail = (email: boolean) => {
    setSavedEmail(null);
    saveEmail.mutate(
      { ...settings, email },
      {
        onSuccess: (saved) =>
          setSavedEmail(
            saved.email
              ? 'Email reminders are on.'
              : 'Email reminders are off. Reminders stay in Tend’s bell.',
          ),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Switch
          label="Email me reminders"
          description={
            {
              patient: 'Dose reminders and visit reminders, sent to your account’s email address.',
              doctor: 'Visit reminders, sent to your account’s email address.',
              pharmacy: 'Tend’s notices to your pharmacy, sent to your account’s email address.',
            }[userType]
          }
          checked={settings.email}
          disabled={saveEmail.isPending}
          onChange={(event) => setEmail(event.currentTarget.checked)}
        />
        {saveEmail.isError && (
          <Alert color="red" variant="light" title="Email reminders were not changed">
            {saveEmail.error.message}
          </Alert>
        )}
        <div role="status">{savedEmail && <Text size="sm">{savedEmail}</Text>}</div>
        {emailHeldBack && <Text size="sm">{emailHeldBack}</Text>}
      </Stack>

      <Stack gap="xs">
        <Switch
          label="Notifications in this browser"
          description={
            {
              patient:
                'Reminders pop up even when Tend is closed. Dose reminders have Taken and Snooze buttons.',
              doctor: 'Reminders pop up even when Tend is closed.',
              pharmacy: 'Notices pop up even when Tend is closed.',
            }[userType]
          }
          checked={push.checked}
          disabled={push.busy || push.checking || (push.unavailable !== null && !push.checked)}
          onChange={(event) => push.toggle(event.currentTarget.checked)}
        />
        {push.unavailable && !push.error && (
          <Alert color="orange" variant="light" title="Notifications cannot be turned on here">
            {push.unavailable}
          </Alert>
        )}
        {push.elsewhere && !push.status && (
          <Text size="sm" c="dimmed">
            Notifications go to another browser of yours. Turn this on to get them here too.
          </Text>
        )}
        {push.error && (
          <Alert color="red" variant="light" title="Notifications were not changed" role="alert">
            {push.error}
          </Alert>
        )}
        <div role="status">{push.status && <Text size="sm">{push.status}</Text>}</div>
      </Stack>
    </Stack>
  );
}
