import {
  pushKeySchema,
  pushSubscriptionCreatedSchema,
  type PushSubscriptionBody,
} from '@tend/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/push/key: the server's VAPID public key (base64url). */
export async function fetchPushKey(): Promise<string> {
  return (await apiRequest('/push/key', { schema: pushKeySchema })).publickey;
}

/** POST /api/v1/push/subscriptions: this browser's PushSubscription.toJSON(). */
export function savePushSubscription(body: PushSubscriptionBody): Promise<{ _id: string }> {
  return apiRequest('/push/subscriptions', {
    method: 'POST',
    body,
    schema: pushSubscriptionCreatedSchema,
  });
}

/** DELETE /api/v1/push/subscriptions: no more pushes to this browser. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}
