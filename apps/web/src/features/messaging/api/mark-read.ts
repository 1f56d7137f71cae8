import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

/** POST /api/v1/conversations/{id}/read: the other person's messages read up to now. */
export function useMarkRead(id: string) {
  const markRead = sendTo<void>('POST', `/conversations/${encodeURIComponent(id)}/read`);
  return useRefreshingMutation(markRead, [
    messagingKeys.unread,
    messagingKeys.conversations,
    messagingKeys.messages(id),
  ]);
}
