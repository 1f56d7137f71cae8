import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** The footer's "subscribe by email" form: the same schema checks it in the browser and on the server. */
export const subscriptionRequestSchema = z.strictObject({ email: emailSchema });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionResponseSchema = z.object({
  email: z.string(),
  /** False when the address was already on the list: the person is told, nothing is stored twice. */
  created: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
