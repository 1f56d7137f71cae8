import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-events';
import { notificationKeys } from '../api/keys';

/** A new notification (or lost events) refreshes the bell's count and any open list. */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveEvent('notification', refresh);
  useLiveEvent('resync', refresh);
}
