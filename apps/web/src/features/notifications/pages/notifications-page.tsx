import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useNotifications } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';
import { useNotificationsT } from '../i18n';
import { PlainList } from '../../../components/plain-list';

/** /patient/notifications and /doctor/notifications: everything Tend told the person, newest first. */
export function NotificationsPage() {
  const { t } = useNotificationsT();
  const query = useNotifications();
  const mark = useMarkNotificationsRead();
  const pages = query.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unread ?? 0;
  const markingId =
    mark.isPending && mark.variables && 'ids' in mark.variables ? mark.variables.ids[0] : null;

  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="md">
        <Group justify="space-between">
          <Text aria-live="polite">
            {unread === 0 ? t('page.noneUnread') : t('page.unread', { count: unread })}
          </Text>
          <Button
            variant="default"
            disabled={unread === 0}
            loading={mark.isPending && mark.variables !== undefined && 'all' in mark.variables}
            onClick={() => mark.mutate({ all: true })}
          >
            {t('page.markAllRead')}
          </Button>
        </Group>
        {mark.isError && (
          <Alert color="red" variant="light" title={t('page.markFailed')}>
            <Text size="sm">{mark.error.message}</Text>
          </Alert>
        )}
        {query.isPending ? (
          <Group justify="center" role="status" aria-label={t('page.loading')}>
            <Loader />
          </Group>
        ) : query.isError && notifications.length === 0 ? (
          <QueryError
            title={t('page.loadFailed')}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : notifications.length === 0 ? (
          <Text c="gray.7">{t('page.empty')}</Text>
        ) : (
          <PlainList gap="sm">
            {notifications.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                marking={markingId === n._id}
                onRead={() => mark.mutate({ ids: [n._id] })}
              />
            ))}
          </PlainList>
        )}
        <LoadMoreButton query={query} label={t('page.loadMore')} />
      </Stack>
    </AreaPage>
  );
}
