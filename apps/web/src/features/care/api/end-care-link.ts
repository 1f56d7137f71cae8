import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages } from '../../../lib/paged-list';
import { careKeys } from './keys';
import type { CareLinkPage } from './list-care-links';

/** DELETE /api/v1/care-links/{id}: 204; the doctor loses access at once. */
export async function endCareLink(id: string): Promise<void> {
  await apiRequest(`/care-links/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndCareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endCareLink,
    onSuccess: (_none, id) =>
      queryClient.setQueryData<InfiniteData<CareLinkPage>>(careKeys.links, (data) =>
        updatePages(data, (page) => ({
          ...page,
          careLinks: page.careLinks.filter((link) => link._id !== id),
        })),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: careKeys.links });
      await queryClient.invalidateQueries({ queryKey: careKeys.accessLog });
    },
  });
}
