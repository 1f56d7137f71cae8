import { z } from 'zod';
import { notificationSchema } from './notifications.ts';

/**
 * The live event stream (GET /api/v1/events, text/event-stream). Each SSE frame is
 * `id: <increasing number>`, `event: <type>`, `data: <JSON below>`. Reconnecting with `Last-Event-ID`
 * delivers exactly the missed events; when they are no longer kept the server sends one `resync`
 * event instead, and the client refetches everything it shows.
 */
export const LIVE_EVENT_TYPES = [
  'message',
  'notification',
  'appointment',
  'signal',
  'caregiving',
  'dose',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export const RESYNC_EVENT = 'resync';

/** A new or changed message; the fields beyond conversationId are the messaging module's to add. */
export const messageEventSchema = z.looseObject({ conversationId: z.string() });

export const notificationEventSchema = z.object({ notification: notificationSchema });

export const APPOINTMENT_CHANGES = [
  'booked',
  'accepted',
  'cancelled',
  'rescheduled',
  'completed',
  'paid',
] as const;
export type AppointmentChange = (typeof APPOINTMENT_CHANGES)[number];
export const appointmentEventSchema = z.object({
  appointmentId: z.string(),
  change: z.enum(APPOINTMENT_CHANGES),
});

/** WebRTC signalling relayed between the two participants of a visit room. */
export const signalEventSchema = z.looseObject({
  roomid: z.string(),
  type: z.enum(['offer', 'answer', 'candidate', 'bye']),
  payload: z.unknown(),
});

/** A caregiver relation invited, accepted, declined, changed or ended: both sides' pages follow. */
export const caregivingEventSchema = z.object({
  caregivingId: z.string(),
  change: z.enum(['invited', 'accepted', 'declined', 'changed', 'ended']),
});

/**
 * A dose ticked or unticked (by the patient, a caregiver or a reminder's Taken), sent to the patient
 * and every caregiver with `medications` when there is one: their open pages follow. `patientId`
 * says whose checklist it is.
 */
export const doseEventSchema = z.object({
  patientId: z.string(),
  medicationId: z.string(),
  date: z.string(),
  taken: z.boolean(),
});
export type DoseEvent = z.infer<typeof doseEventSchema>;

export const liveEventDataSchemas = {
  message: messageEventSchema,
  notification: notificationEventSchema,
  appointment: appointmentEventSchema,
  signal: signalEventSchema,
  caregiving: caregivingEventSchema,
  dose: doseEventSchema,
} as const;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventDataSchemas)[T]>;
