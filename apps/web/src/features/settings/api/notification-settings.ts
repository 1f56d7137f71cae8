import { notificationSettingsSchema, type NotificationSettings } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery, sendTo, useCachingMutation } from '../../../lib/api-hooks';
import { settingsKeys } from './keys';

const PATH = '/me/notification-settings';

/** GET /api/v1/me/notification-settings: email and push on or off, and the reminder times. */
export const useNotificationSettings = () =>
  useQuery(getQuery(settingsKeys.notifications, PATH, notificationSettingsSchema));

/** PUT /api/v1/me/notification-settings: the whole settings; today's reminders follow new times. */
export const saveNotificationSettings = sendTo<NotificationSettings, NotificationSettings>(
  'PUT',
  PATH,
  notificationSettingsSchema,
);

export const useSaveNotificationSettings = () =>
  useCachingMutation(saveNotificationSettings, settingsKeys.notifications);
