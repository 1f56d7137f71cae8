import { z } from 'zod';

/** The footer's "subscribe by email" form: the same schema checks it in the browser and on the server. */
export const subscriptionRequestSchema = z.strictObject({
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' })),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

export const subscriptionResponseSchema = z.object({
  email: z.string(),
  /** False when the address was already on the list: the person is told, nothing is stored twice. */
  created: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
