import {
  subscriptionResponseSchema,
  type SubscriptionRequest,
  type SubscriptionResponse,
} from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/subscriptions: 202 with the address, whether or not it was already listed. */
export function createSubscription(body: SubscriptionRequest): Promise<SubscriptionResponse> {
  return apiRequest('/subscriptions', {
    method: 'POST',
    body,
    schema: subscriptionResponseSchema,
  });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
