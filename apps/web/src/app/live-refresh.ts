import { useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../features/appointments/api/keys';
import { useLiveEvent } from '../lib/live-events';

/**
 * While a signed-in area is open: a change to an appointment (by the other side, or in another tab)
 * refreshes every appointment list and card, and the directory and free slots that depend on them;
 * lost events (`resync`) refresh everything shown.
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  useLiveEvent('appointment', () => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.directoryAll });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.slotsAll });
  });
  useLiveEvent('resync', () => void queryClient.invalidateQueries());
}
