import { conversationListSchema, type ConversationList } from '@tend/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { messagingKeys } from './keys';

/** GET /api/v1/conversations: mine, most recently active first. */
export function fetchConversations(
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<ConversationList> {
  return apiRequest(listPath('/conversations', cursor, { limit }), {
    schema: conversationListSchema,
    signal,
  });
}

export function useConversations() {
  return useInfiniteQuery({
    queryKey: messagingKeys.conversations,
    queryFn: ({ pageParam, signal }) => fetchConversations(pageParam, signal),
    ...cursorPaging,
  });
}

/**
 * Unread messages over all conversations, for the menu badge. Live events refresh it; the interval is
 * the fallback while the event stream is reconnecting.
 */
export function useUnreadMessageCount() {
  return useQuery({
    queryKey: messagingKeys.unread,
    queryFn: ({ signal }) => fetchConversations(null, signal, 1).then((list) => list.unread),
    refetchInterval: 60_000,
  });
}
