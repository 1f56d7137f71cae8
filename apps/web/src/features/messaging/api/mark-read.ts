import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys } from './keys';

/** POST /api/v1/conversations/{id}/read: the other person's messages read up to now. */
export async function markRead(id: string): Promise<void> {
  await apiRequest(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messagingKeys.unread });
      await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      await queryClient.invalidateQueries({ queryKey: messagingKeys.messages(id) });
    },
  });
}
