import { conversationSchema, type Conversation } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagingKeys } from './keys';

/** POST /api/v1/conversations: opens (or finds) my conversation with this person. */
export function openConversation(withUserId: string): Promise<Conversation> {
  return apiRequest('/conversations', {
    method: 'POST',
    body: { withUserId },
    schema: conversationSchema,
  });
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(messagingKeys.conversation(conversation._id), conversation);
      return queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}
