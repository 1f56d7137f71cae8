import { notificationReadResultSchema, type NotificationReadBody } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { notificationKeys } from './keys';

/** POST /api/v1/notifications/read: some notifications by id, or all of them. */
export const markNotificationsRead = sendTo<NotificationReadBody, { unread: number }>(
  'POST',
  '/notifications/read',
  notificationReadResultSchema,
);

export const useMarkNotificationsRead = () =>
  useRefreshingMutation(markNotificationsRead, [notificationKeys.all], { alsoOnFailure: true });
