import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { UserType } from '@tend/shared';
import { Link } from 'react-router';
import { useUnreadNotificationCount } from '../api/list-notifications';
import { useNotificationsT } from '../i18n';
import { useNotificationLiveUpdates } from './use-notification-live-updates';

/** The header's bell: the live unread count, and the way to the Notifications page. */
export function NotificationBell({ userType }: { userType: UserType }) {
  const { t } = useNotificationsT();
  useNotificationLiveUpdates();
  const unread = useUnreadNotificationCount().data ?? 0;
  const label = unread === 0 ? t('bell.label') : t('bell.labelUnread', { count: unread });
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      color="red.9"
      offset={4}
      data-testid="notification-count"
    >
      <ActionIcon
        component={Link}
        to={`/${userType}/notifications`}
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label={label}
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
