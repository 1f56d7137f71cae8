import { messageSchema, type Message } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

/** POST /api/v1/conversations/{id}/messages: 201; 404 conversation_closed once nothing links us. */
export function useSendMessage(id: string) {
  const post = sendTo<{ body: string }, Message>(
    'POST',
    `/conversations/${encodeURIComponent(id)}/messages`,
    messageSchema,
  );
  return useRefreshingMutation((body: string) => post({ body }), [messagingKeys.all], {
    alsoOnFailure: true,
  });
}
