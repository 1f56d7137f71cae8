import { notificationListSchema, type NotificationList } from '@tend/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { notificationKeys } from './keys';

/** Notifications per page on the Notifications page. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** GET /api/v1/notifications: newest first, with the unread count. */
export function fetchNotificationPage(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return apiRequest(listPath('/notifications', cursor, { limit }), {
    schema: notificationListSchema,
    signal,
  });
}

export function useNotifications(limit = NOTIFICATION_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(limit, pageParam, signal),
    ...cursorPaging,
  });
}

/** The bell's count: the smallest page carries it. */
export function useUnreadNotificationCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchNotificationPage(1, null, signal),
    select: (data) => data.unread,
  });
}
