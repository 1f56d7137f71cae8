import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-events';
import { messagingKeys } from '../api/keys';

/**
 * A `message` event says which conversation changed (a new message, or the other side read it); a
 * `resync` says events were lost. Either way messaging's queries refetch whatever is on screen.
 */
export function useMessagingLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  useLiveEvent('message', refresh);
  useLiveEvent('resync', refresh);
}
