import { z } from 'zod';
import { MAX_DOCTORS_PER_PATIENT, MAX_PATIENTS_PER_DOCTOR } from './constants.ts';
import { pageSchema } from './pagination.ts';

export const MESSAGE_MAX_LENGTH = 4000;
/**
 * More than anyone reaches honestly: a doctor may follow MAX_PATIENTS_PER_DOCTOR patients and still
 * talk with patients who only booked a visit.
 */
export const MAX_CONVERSATIONS_PER_PERSON = 2 * (MAX_PATIENTS_PER_DOCTOR + MAX_DOCTORS_PER_PATIENT);

export const messageBodySchema = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters long.`);

export const newMessageSchema = z.strictObject({ body: messageBodySchema });
export type NewMessage = z.infer<typeof newMessageSchema>;

export const openConversationSchema = z.strictObject({
  withUserId: z.string({ error: 'Choose a person.' }).min(1, 'Choose a person.').max(64),
});

export const messageSchema = z.object({
  _id: z.string(),
  /** The sender's user id. */
  sender: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** When the recipient marked the conversation read after this message arrived; null while unread. */
  readat: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = pageSchema('messages', messageSchema);
export type MessageList = z.infer<typeof messageListSchema>;

export const conversationPersonSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  userType: z.enum(['patient', 'doctor']),
  avatarUrl: z.string().nullable(),
});
export type ConversationPerson = z.infer<typeof conversationPersonSchema>;

export const conversationSchema = z.object({
  _id: z.string(),
  other: conversationPersonSchema,
  lastmessage: messageSchema.nullable(),
  /** Messages from the other person I have not read yet. */
  unread: z.number().int(),
  /** Whether the two still share a care link or an appointment; old history stays readable. */
  canwrite: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationSummarySchema = conversationSchema.omit({ canwrite: true });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = pageSchema('conversations', conversationSummarySchema).extend(
  {
    /** Unread messages over all my conversations, for the menu badge. */
    unread: z.number().int(),
  },
);
export type ConversationList = z.infer<typeof conversationListSchema>;

/** Data of a `message` live event: which conversation changed (a new message, or the other side read it). */
export const messagingEventSchema = z.object({
  conversationId: z.string(),
  messageId: z.string().nullable(),
});
export type MessagingEvent = z.infer<typeof messagingEventSchema>;
