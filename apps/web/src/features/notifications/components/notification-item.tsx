import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Notification } from '@tend/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateTimeFormat } from '../../../i18n/format';
import { useNotificationsT } from '../i18n';
import { ReminderActions } from './reminder-actions';

type Props = {
  notification: Notification;
  onRead: () => void;
  marking: boolean;
};

const when = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * One notification: what happened, when, a link to it (following it marks it read), mark read, and
 * for a dose reminder not yet dealt with, Taken and Snooze.
 */
export function NotificationItem({ notification, onRead, marking }: Props) {
  const { t } = useNotificationsT();
  const unread = notification.readat === null;
  const [reminderDone, setReminderDone] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md" bg={unread ? 'blue.0' : undefined} component="li">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Anchor
              component={Link}
              to={notification.link}
              fw={unread ? 700 : 500}
              onClick={() => {
                if (unread) onRead();
              }}
            >
              {notification.title}
            </Anchor>
            {unread && (
              <Badge size="sm" variant="filled" color="blue.9">
                {t('item.new')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            <time dateTime={notification.createdAt}>{when(notification.createdAt)}</time>
          </Text>
        </Group>
        <Text size="sm">{notification.body}</Text>
        {notification.reminder && (
          <ReminderActions
            token={notification.reminder.token}
            title={notification.title}
            onDone={setReminderDone}
          />
        )}
        <div role="status">{reminderDone && <Text size="sm">{reminderDone}</Text>}</div>
        {unread && (
          <Group mt={4}>
            <Button size="compact-sm" variant="default" onClick={onRead} loading={marking}>
              {t('item.markRead')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
