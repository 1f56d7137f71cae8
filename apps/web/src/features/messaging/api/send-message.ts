import { messageSchema, type Message } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys } from './keys';

/** POST /api/v1/conversations/{id}/messages: 201; 404 conversation_closed once nothing links us. */
export function sendMessage(id: string, body: string): Promise<Message> {
  return apiRequest(`/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { body },
    schema: messageSchema,
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}
