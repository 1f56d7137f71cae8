import type { BookingRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAppointments } from './change-appointment';

/** POST /api/v1/appointments: 201; 409 slot_taken when another patient was quicker. */
export async function bookAppointment(body: BookingRequest): Promise<void> {
  await apiRequest('/appointments', { method: 'POST', body });
}

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: bookAppointment, onSettled: refresh });
}
