import { careLinkSchema, type CareLink } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { careKeys } from './keys';

/** POST /api/v1/care-links: 201; 409 already_shared when this doctor already has access. */
export function shareWithDoctor(doctorId: string): Promise<CareLink> {
  return apiRequest('/care-links', { method: 'POST', body: { doctorId }, schema: careLinkSchema });
}

export function useShareWithDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareWithDoctor,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: careKeys.links });
      await queryClient.invalidateQueries({ queryKey: careKeys.accessLog });
    },
  });
}
