import { conversationListSchema } from '@tend/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getQuery, pagedQuery } from '../../../lib/api-hooks';
import { listPath } from '../../../lib/paged-list';
import { messagingKeys } from './keys';

const PATH = '/conversations';

/** GET /api/v1/conversations: mine, most recently active first. */
export const useConversations = () =>
  useInfiniteQuery(pagedQuery(messagingKeys.conversations, PATH, conversationListSchema));

/**
 * Unread messages over all conversations, for the menu badge: the smallest page carries the count.
 * Live events refresh it; the interval is the fallback while the event stream is reconnecting.
 */
export const useUnreadMessageCount = () =>
  useQuery({
    ...getQuery(messagingKeys.unread, listPath(PATH, null, { limit: 1 }), conversationListSchema),
    select: (list) => list.unread,
    refetchInterval: 60_000,
  });
