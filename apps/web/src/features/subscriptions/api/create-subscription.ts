import {
  subscriptionResponseSchema,
  type SubscriptionRequest,
  type SubscriptionResponse,
} from '@tend/shared';
import { useMutation } from '@tanstack/react-query';
import { sendTo } from '../../../lib/api-hooks';

/** POST /api/v1/subscriptions: 202 with the address, whether or not it was already listed. */
export const createSubscription = sendTo<SubscriptionRequest, SubscriptionResponse>(
  'POST',
  '/subscriptions',
  subscriptionResponseSchema,
);

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
