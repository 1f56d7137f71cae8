import { availabilitySchema, type Availability, type AvailabilityInput } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './keys';

/** PUT /api/v1/me/availability: replaces the whole week; answers with what was saved. */
export function saveAvailability(body: AvailabilityInput): Promise<Availability> {
  return apiRequest('/me/availability', { method: 'PUT', body, schema: availabilitySchema });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (saved) => queryClient.setQueryData(availabilityKeys.mine, saved),
  });
}
