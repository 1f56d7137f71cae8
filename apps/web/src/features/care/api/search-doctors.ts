import { doctorListSchema, type DoctorSummary } from '@tend/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { careKeys } from './keys';

/** GET /api/v1/doctors?q=: registered doctors whose name, specialty or location matches. */
export async function searchDoctors(q: string, signal?: AbortSignal): Promise<DoctorSummary[]> {
  const query = q === '' ? '' : `?${new URLSearchParams({ q }).toString()}`;
  const { doctors } = await apiRequest(`/doctors${query}`, { schema: doctorListSchema, signal });
  return doctors;
}

export function useDoctorSearch(q: string) {
  return useQuery({
    queryKey: careKeys.doctors(q),
    queryFn: ({ signal }) => searchDoctors(q, signal),
    // The last results stay on screen while the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
