import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** The footer's "subscribe by email" form: the same schema checks it in the browser and on the server. */
export const subscriptionRequestSchema = z.strictObject({ email: emailSchema });
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** The same answer whether or not the address was already on the list, so the form tells no one who is. */
export const subscriptionResponseSchema = z.object({ email: z.string() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
