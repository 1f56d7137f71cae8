import { useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '../features/appointments/api/keys';
import { medicationKeys } from '../features/medications/api/keys';
import { actingFor } from '../lib/acting-for';
import { useLiveEvent } from '../lib/live-events';
import { useMe } from '../lib/me';

/**
 * While a signed-in area is open: a change to an appointment (by the other side, or in another tab)
 * refreshes every appointment list and card, and the directory and free slots that depend on them;
 * a dose ticked for the person whose pages are shown (by them, a caregiver, or a reminder's Taken)
 * refreshes the checklist, the medications and adherence; lost events (`resync`) refresh everything
 * shown.
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const myId = useMe().data?._id;
  useLiveEvent('dose', ({ patientId }) => {
    // Whose pages are shown: the person's own, or those of the patient they care for right now.
    const shown = actingFor()?.patientId ?? myId;
    if (patientId !== shown) return;
    void queryClient.invalidateQueries({ queryKey: medicationKeys.all });
  });
  useLiveEvent('appointment', () => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.directoryAll });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.slotsAll });
  });
  useLiveEvent('resync', () => void queryClient.invalidateQueries());
}
