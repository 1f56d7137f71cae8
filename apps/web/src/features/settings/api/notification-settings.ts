import { notificationSettingsSchema, type NotificationSettings } from '@tend/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/v1/me/notification-settings: email and push on or off, and the reminder times. */
export function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiRequest('/me/notification-settings', { schema: notificationSettingsSchema, signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });
}

/** PUT /api/v1/me/notification-settings: the whole settings; today's reminders follow new times. */
export function saveNotificationSettings(
  body: NotificationSettings,
): Promise<NotificationSettings> {
  return apiRequest('/me/notification-settings', {
    method: 'PUT',
    body,
    schema: notificationSettingsSchema,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications, saved),
  });
}
