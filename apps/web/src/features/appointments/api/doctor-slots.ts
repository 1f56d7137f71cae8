import { slotListSchema, type SlotList } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appointmentKeys } from './keys';

/** GET /api/v1/doctors/{id}/slots?from=&to=: free future slots between two instants. */
export function fetchSlots(
  doctorId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<SlotList> {
  const params = new URLSearchParams({ from, to });
  return apiRequest(`/doctors/${encodeURIComponent(doctorId)}/slots?${params.toString()}`, {
    schema: slotListSchema,
    signal,
  });
}

export function useDoctorSlots(doctorId: string, from: string, to: string) {
  return useQuery({
    queryKey: appointmentKeys.slots(doctorId, from, to),
    queryFn: ({ signal }) => fetchSlots(doctorId, from, to, signal),
    // Free slots go quickly; a picker opened again asks afresh.
    staleTime: 0,
  });
}
