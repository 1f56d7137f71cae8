import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys, appointmentPath } from './keys';

export type AppointmentAction =
  'accept' | 'cancel' | 'reschedule' | 'complete' | 'payment' | 'review';

/**
 * POST /api/v1/appointments/{id}/{action}. The answer is not read: the lists are fetched again
 * afterwards, and they are what the pages show.
 */
export async function postAppointmentChange(
  id: string,
  action: AppointmentAction,
  body: unknown = {},
): Promise<void> {
  await apiRequest(`${appointmentPath(id)}/${action}`, { method: 'POST', body });
}

/** The cached data a booking or a change of an appointment makes stale. */
export function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      // A cancel or a reschedule frees a slot; a review changes a rating.
      queryClient.invalidateQueries({ queryKey: appointmentKeys.slotsAll }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.directoryAll }),
    ]);
}

/** A mutation for one kind of change to one appointment, `{ id, body }` per call. */
export function useAppointmentChange<B = Record<string, never>>(action: AppointmentAction) {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: B }) => postAppointmentChange(id, action, body),
    onSettled: refresh,
  });
}
