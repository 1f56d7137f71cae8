import { conversationSchema, type Conversation } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys } from './keys';

/** GET /api/v1/conversations/{id}: the other person and whether I may still write. */
export function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return apiRequest(`/conversations/${encodeURIComponent(id)}`, {
    schema: conversationSchema,
    signal,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
  });
}
