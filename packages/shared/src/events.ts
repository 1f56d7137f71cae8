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
  'prescription',
  'reading',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export const RESYNC_EVENT = 'resync';

/**
 * The request header a page's refetch carries when a live event (not the person) asked for it:
 * `X-Tend-Refresh: live`. A doctor's look at a patient made that way is recorded at most once an
 * hour per doctor and patient (decision 054); opening a page always records one.
 */
export const LIVE_REFRESH_HEADER = 'X-Tend-Refresh';
export const LIVE_REFRESH_VALUE = 'live';

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
 * A dose ticked or unticked (by the patient, a caregiver or a reminder's Taken), sent to the patient,
 * every caregiver with `medications` and every doctor the patient shares with, when there is any of
 * them: their open pages follow (a doctor's list of patients and today's doses). `patientId` says
 * whose checklist it is.
 */
export const doseEventSchema = z.object({
  patientId: z.string(),
  medicationId: z.string(),
  date: z.string(),
  taken: z.boolean(),
});
export type DoseEvent = z.infer<typeof doseEventSchema>;

export const PRESCRIPTION_CHANGES = [
  'written',
  'cancelled',
  'sent',
  'fill',
  'refill_requested',
  'renewal_requested',
  'renewal_approved',
  'renewal_refused',
] as const;
export type PrescriptionChange = (typeof PRESCRIPTION_CHANGES)[number];

/**
 * A prescription written, sent, cancelled, renewed, or its fill stepped (prepared, ready,
 * dispensed…): sent to its patient, its prescribing doctor, the pharmacy it is sent to and the
 * patient's caregivers with `prescriptions`; never to anyone else. Ids and the kind of change only:
 * each page reads what it may see again.
 */
export const prescriptionEventSchema = z.object({
  prescriptionId: z.string(),
  patientId: z.string(),
  change: z.enum(PRESCRIPTION_CHANGES),
});

/**
 * A reading recorded or deleted (by the patient, a doctor, or a file imported), sent to the patient
 * and the doctors they share with: a doctor's list of patients ("outside your target") and the
 * patient's pages follow. No value: whoever may see it reads it again.
 */
export const readingEventSchema = z.object({
  patientId: z.string(),
  change: z.enum(['recorded', 'deleted']),
});

export const liveEventDataSchemas = {
  message: messageEventSchema,
  notification: notificationEventSchema,
  appointment: appointmentEventSchema,
  signal: signalEventSchema,
  caregiving: caregivingEventSchema,
  dose: doseEventSchema,
  prescription: prescriptionEventSchema,
  reading: readingEventSchema,
} as const;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventDataSchemas)[T]>;
