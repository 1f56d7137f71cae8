import { messageListSchema } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

/** GET /api/v1/conversations/{id}/messages: newest first; each next page is older. */
export const useMessages = (id: string) =>
  useInfiniteQuery(
    pagedQuery(
      messagingKeys.messages(id),
      `/conversations/${encodeURIComponent(id)}/messages`,
      messageListSchema,
    ),
  );
