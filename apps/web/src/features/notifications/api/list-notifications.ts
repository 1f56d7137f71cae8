import { notificationListSchema } from '@tend/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getQuery, pagedQuery } from '../../../lib/api-hooks';
import { listPath } from '../../../lib/paged-list';
import { notificationKeys } from './keys';

/** Notifications per page on the Notifications page. */
export const NOTIFICATION_PAGE_SIZE = 20;

const PATH = '/notifications';

/** GET /api/v1/notifications: newest first, with the unread count. */
export const useNotifications = (limit = NOTIFICATION_PAGE_SIZE) =>
  useInfiniteQuery(
    pagedQuery(notificationKeys.list(limit), PATH, notificationListSchema, { limit }),
  );

/** The bell's count: the smallest page carries it. */
export const useUnreadNotificationCount = () =>
  useQuery({
    ...getQuery(
      notificationKeys.unread,
      listPath(PATH, null, { limit: 1 }),
      notificationListSchema,
    ),
    select: (data) => data.unread,
  });
