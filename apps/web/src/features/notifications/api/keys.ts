/** The cache keys of notifications: the paged list, and the bell's unread count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  unread: ['notifications', 'unread'] as const,
};
