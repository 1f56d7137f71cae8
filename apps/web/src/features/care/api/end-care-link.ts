import type { CareLink } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { careKeys } from './keys';

/** DELETE /api/v1/care-links/{id}: 204; the doctor loses access at once. */
export async function endCareLink(id: string): Promise<void> {
  await apiRequest(`/care-links/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndCareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endCareLink,
    onSuccess: (_none, id) =>
      queryClient.setQueryData<CareLink[]>(careKeys.links, (links) =>
        links?.filter((link) => link._id !== id),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: careKeys.links });
      await queryClient.invalidateQueries({ queryKey: careKeys.accessLog });
    },
  });
}
