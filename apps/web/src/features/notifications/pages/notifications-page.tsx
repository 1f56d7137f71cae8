import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useNotifications } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';

/** /patient/notifications and /doctor/notifications: everything Tend told the person, newest first. */
export function NotificationsPage() {
  const query = useNotifications();
  const mark = useMarkNotificationsRead();
  const pages = query.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unread ?? 0;
  const markingId =
    mark.isPending && mark.variables && 'ids' in mark.variables ? mark.variables.ids[0] : null;

  return (
    <AreaPage
      heading="Notifications"
      intro="Changes to your appointments, new reports and messages, newest first."
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Text aria-live="polite">{unread === 0 ? 'Nothing unread.' : `${unread} unread`}</Text>
          <Button
            variant="default"
            disabled={unread === 0}
            loading={mark.isPending && mark.variables !== undefined && 'all' in mark.variables}
            onClick={() => mark.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Group>
        {mark.isError && (
          <Alert color="red" variant="light" title="We could not mark them read">
            <Text size="sm">{mark.error.message}</Text>
          </Alert>
        )}
        {query.isPending ? (
          <Group justify="center" role="status" aria-label="Loading notifications">
            <Loader />
          </Group>
        ) : query.isError && notifications.length === 0 ? (
          <QueryError
            title="We could not load your notifications"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : notifications.length === 0 ? (
          <Text c="gray.7">
            When something changes in your appointments or reports, you will find it here.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {notifications.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                marking={markingId === n._id}
                onRead={() => mark.mutate({ ids: [n._id] })}
              />
            ))}
          </Stack>
        )}
        <LoadMoreButton query={query} label="Load more" />
      </Stack>
    </AreaPage>
  );
}
