import { conversationSchema } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { getQuery } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

/** GET /api/v1/conversations/{id}: the other person and whether I may still write. */
export const useConversation = (id: string) =>
  useQuery(
    getQuery(
      messagingKeys.conversation(id),
      `/conversations/${encodeURIComponent(id)}`,
      conversationSchema,
    ),
  );
