import { notificationReadResultSchema, type NotificationReadBody } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** POST /api/v1/notifications/read: some notifications by id, or all of them. */
export function markNotificationsRead(body: NotificationReadBody): Promise<{ unread: number }> {
  return apiRequest('/notifications/read', {
    method: 'POST',
    body,
    schema: notificationReadResultSchema,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
