import { Badge, VisuallyHidden } from '@mantine/core';
import { useUnreadMessageCount } from '../api/list-conversations';
import { useMessagingT } from '../i18n';
import { useMessagingLiveUpdates } from './use-messaging-live-updates';

/** The menu entry's count of unread messages, live; nothing while there are none. */
export function UnreadMessagesBadge() {
  const { t } = useMessagingT();
  useMessagingLiveUpdates();
  const unread = useUnreadMessageCount().data ?? 0;
  if (unread === 0) return null;
  return (
    <Badge size="sm" circle={unread < 10} color="red.9" data-testid="unread-messages">
      {unread > 99 ? '99+' : unread}
      <VisuallyHidden>{` ${t('badge.unread')}`}</VisuallyHidden>
    </Badge>
  );
}
