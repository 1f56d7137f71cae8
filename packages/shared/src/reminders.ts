import { z } from 'zod';

/** The times of day a medication can be taken at (a medication's `timefrequency`). */
export const REMINDER_SLOTS = ['day', 'afternoon', 'night'] as const;
export type ReminderSlot = (typeof REMINDER_SLOTS)[number];

export const DEFAULT_REMINDER_TIMES: Record<ReminderSlot, string> = {
  day: '09:00',
  afternoon: '14:00',
  night: '21:00',
};

/** How long "Snooze" puts a dose reminder off. */
export const REMINDER_SNOOZE_MINUTES = 30;
/** The one follow-up of a dose reminder that is still not ticked. */
export const REMINDER_FOLLOWUP_MINUTES = 120;
/** Browsers (push subscriptions) one person may have at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

const timeMessage = 'Give a time of day as HH:MM, from 00:00 to 23:59.';
export const reminderTimeSchema = z
  .string({ error: timeMessage })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, timeMessage);

export const reminderTimesSchema = z.strictObject({
  day: reminderTimeSchema,
  afternoon: reminderTimeSchema,
  night: reminderTimeSchema,
});
export type ReminderTimes = z.infer<typeof reminderTimesSchema>;

/** GET / PUT /me/notification-settings (PUT sends all of it). */
export const notificationSettingsSchema = z.strictObject({
  email: z.boolean({ error: 'email must be true or false.' }),
  push: z.boolean({ error: 'push must be true or false.' }),
  remindertimes: reminderTimesSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** GET /push/key: the server's VAPID public key (applicationServerKey), base64url. */
export const pushKeySchema = z.object({ publickey: z.string() });

const endpointMessage = 'endpoint must be the push service address the browser gave (https).';
const keyMessage = 'keys must hold the browser’s p256dh and auth values (base64url).';
const base64url = (max: number) =>
  z
    .string({ error: keyMessage })
    .min(16, keyMessage)
    .max(max, keyMessage)
    .regex(/^[A-Za-z0-9_-]+=*$/, keyMessage);

/** POST /push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z
    .string({ error: endpointMessage })
    .min(10, endpointMessage)
    .max(2000, endpointMessage),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(64) }, { error: keyMessage }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionCreatedSchema = z.object({ _id: z.string() });

/** DELETE /push/subscriptions. */
export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.string({ error: endpointMessage }).min(1, endpointMessage).max(2000, endpointMessage),
});

const tokenMessage = 'This reminder link is not valid.';
export const reminderTokenParamsSchema = z.strictObject({
  token: z
    .string()
    .min(20, tokenMessage)
    .max(100, tokenMessage)
    .regex(/^[A-Za-z0-9_-]+$/, tokenMessage),
});

export const reminderTakenSchema = z.object({ taken: z.literal(true) });
export const reminderSnoozedSchema = z.object({ snoozeduntil: z.iso.datetime() });

/** What a Web Push message carries (JSON); the service worker shows it. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path inside the web app. */
  link: z.string(),
  /** Replaces an earlier notification with the same tag (a follow-up replaces its reminder). */
  tag: z.string(),
  reminder: z.object({ token: z.string() }).nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
