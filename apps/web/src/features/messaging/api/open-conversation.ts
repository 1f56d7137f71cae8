import { conversationSchema, type Conversation } from '@tend/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

const postConversation = sendTo<{ withUserId: string }, Conversation>(
  'POST',
  '/conversations',
  conversationSchema,
);

/** POST /api/v1/conversations: opens (or finds) my conversation with this person. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withUserId: string) => postConversation({ withUserId }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(messagingKeys.conversation(conversation._id), conversation);
      return queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
  });
}
