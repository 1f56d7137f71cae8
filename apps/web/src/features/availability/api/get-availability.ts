import { availabilitySchema, type Availability } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './keys';

/** GET /api/v1/me/availability: the doctor's hours, slot length, days off and time zone. */
export function fetchAvailability(signal?: AbortSignal): Promise<Availability> {
  return apiRequest('/me/availability', { schema: availabilitySchema, signal });
}

export function useAvailability() {
  return useQuery({
    queryKey: availabilityKeys.mine,
    queryFn: ({ signal }) => fetchAvailability(signal),
  });
}
