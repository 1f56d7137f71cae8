import type { BookingRequest } from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';
import { useRefreshAppointments } from './change-appointment';

/** POST /api/v1/appointments: 201; 409 slot_taken when another patient was quicker. */
export const bookAppointment = sendTo<BookingRequest>('POST', '/appointments');

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: bookAppointment, onSettled: refresh });
}
