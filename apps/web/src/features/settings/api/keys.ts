/** The cache keys of the Notification settings page. */
export const settingsKeys = {
  notifications: ['notification-settings'] as const,
  calendar: ['calendar-feed'] as const,
};
