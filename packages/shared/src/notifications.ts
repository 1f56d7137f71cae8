import { z } from 'zod';
import { nextCursorSchema, pageQuerySchema } from './pagination.ts';

/** What a notification is about; the web app picks an icon by it. */
export const NOTIFICATION_KINDS = [
  'appointment',
  'message',
  'report',
  'reminder',
  'dose_reminder',
  'visit_reminder',
  'prescription',
  'measurement',
  'caregiver',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Ids one "mark read" call may name; the bell's page never shows more than a page at once. */
export const NOTIFICATION_READ_MAX_IDS = 100;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path inside the web app ("/patient/appointments/…"), never an outside address. */
  link: z.string(),
  createdAt: z.iso.datetime(),
  readat: z.iso.datetime().nullable(),
  /**
   * A dose reminder not yet taken or expired: its token authorises POST /reminders/{token}/taken and
   * /snooze without a session (the service worker has none). Null on every other notification.
   */
  reminder: z.object({ token: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().min(0),
  nextCursor: nextCursorSchema,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

const readIdsMessage = `Name from 1 to ${NOTIFICATION_READ_MAX_IDS} notifications, or send { "all": true }.`;

/** POST /notifications/read: some notifications by id, or all of them. */
export const notificationReadBodySchema = z.union([
  z.strictObject({
    ids: z
      .array(z.string().min(1, readIdsMessage).max(64, readIdsMessage), { error: readIdsMessage })
      .min(1, readIdsMessage)
      .max(NOTIFICATION_READ_MAX_IDS, readIdsMessage),
  }),
  z.strictObject({ all: z.literal(true, { error: 'all must be true.' }) }),
]);
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;

export const notificationReadResultSchema = z.object({ unread: z.number().int().min(0) });
