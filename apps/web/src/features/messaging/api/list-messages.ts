import { messageListSchema, type MessageList } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cursorPaging, listPath } from '../../../lib/paged-list';
import { messagingKeys } from './keys';

/** GET /api/v1/conversations/{id}/messages: newest first; each next page is older. */
export function fetchMessages(
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessageList> {
  return apiRequest(listPath(`/conversations/${encodeURIComponent(id)}/messages`, cursor), {
    schema: messageListSchema,
    signal,
  });
}

export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(id),
    queryFn: ({ pageParam, signal }) => fetchMessages(id, pageParam, signal),
    ...cursorPaging,
  });
}
