import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postAppointmentChange } from './change-appointment';

/**
 * POST /api/v1/appointments/{id}/accept: requested → accepted. Accepting also links the doctor to
 * the patient, which other pages show (the doctor's patients), so everything on screen is fetched
 * again rather than this feature reaching into their cache keys.
 */
export function useAcceptAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => postAppointmentChange(id, 'accept'),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
