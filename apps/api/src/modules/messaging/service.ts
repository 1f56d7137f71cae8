import type { Conversation, Message, MessageList, PageRequest } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../counters/counter-store.ts';
import { newId } from '../../lib/ids.ts';
import { tooManyRequestsMessage } from '../../lib/wait-words.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { createGroupCommit } from './group-commit.ts';
import { conversationOpening } from './opening.ts';
import { listMessages, markRead, sendQueries, type MessageRow, type PersonRow } from './repo.ts';
import { conversationViews, mine, noSuchConversation, otherOf, toMessage } from './views.ts';

/** What the rest of Tend does when a conversation changes, inside the change's own transaction. */
export interface MessageDelivery {
  /** A new message: a live event to both people, a notification to the recipient. */
  sent(
    trx: Executor,
    event: {
      conversationId: string;
      messageId: string;
      sender: PersonRow;
      recipient: PersonRow;
    },
  ): Promise<void>;
  /** The reader's side read the conversation: a live event to the other, whose "Read" then shows. */
  read(
    trx: Executor,
    event: { conversationId: string; readerId: string; otherId: string },
  ): Promise<void>;
}

export interface MessagingDeps {
  db: Db;
  clock: () => Date;
  /** Whether a patient and a doctor share a care link or a visit: the condition to open and to write. */
  mayTalk: (patientId: string, doctorId: string) => Promise<boolean>;
  delivery: MessageDelivery;
  /** The shared counters; a person's sends are counted there (SEND_LIMIT). */
  counters: CounterStore;
}

/**
 * Per person, not per address: a person may write from several devices, and many people may share
 * one address. Shared by every instance (decision 005), counted in the send's own transaction.
 */
export const SEND_LIMIT = { max: 60, windowMs: 60_000 };

/**
 * Private messages between a patient and a doctor. A conversation opens only while the two share a care
 * link or a visit, and a message is sent only while they still do; its history stays readable to both
 * (docs/decisions/009-messaging.md). To anyone else a conversation does not exist.
 */
export function createMessagingService(deps: MessagingDeps) {
  const { db, clock, delivery, counters } = deps;
  const writes = createGroupCommit(db);
  const sending = sendQueries(db.kysely);
  const views = conversationViews(db, deps.mayTalk);

  return {
    list: views.list,

    open: conversationOpening({ db, clock, mayTalk: deps.mayTalk, view: views.view }),

    async get(claims: AccessClaims, id: string): Promise<Conversation> {
      return views.view(claims, await mine(db.kysely, claims, id));
    },

    async messages(claims: AccessClaims, id: string, page: PageRequest): Promise<MessageList> {
      await mine(db.kysely, claims, id);
      const { rows, nextCursor } = await listMessages(db.kysely, id, page);
      return { messages: rows.map(toMessage), nextCursor };
    },

    async send(claims: AccessClaims, id: string, body: string): Promise<Message> {
      const found = await sending.findConversationWithPeople(db.kysely, id);
      if (!found || (found.patient.id !== claims.userId && found.doctor.id !== claims.userId)) {
        throw noSuchConversation();
      }
      const [sender, recipient] =
        found.patient.id === claims.userId
          ? [found.patient, found.doctor]
          : [found.doctor, found.patient];
      if (!sender.active) throw noSuchConversation();
      const { conversation } = found;
      if (
        !recipient.active ||
        !(await deps.mayTalk(conversation.patient_id, conversation.doctor_id))
      ) {
        throw new AppError(
          404,
          'conversation_closed',
          'You no longer share a care link or a visit with this person, so you cannot write here. The history stays readable.',
        );
      }
      const message: MessageRow = {
        id: newId(),
        conversation_id: id,
        sender_id: claims.userId,
        body,
        created_at: clock().toISOString(),
        read_at: null,
      };
      await writes.run(async (trx) => {
        // Counted in the message's own transaction: a refused send changes nothing, and a sent one
        // costs one commit, not two.
        const { count, ttlMs } = await counters.hit(
          `rate:send-message:${claims.userId}`,
          SEND_LIMIT.windowMs,
          trx,
        );
        if (count > SEND_LIMIT.max) {
          const wait = Math.max(1000, ttlMs);
          throw new AppError(429, 'too_many_requests', tooManyRequestsMessage(wait), undefined, {
            retryAfterMs: wait,
          });
        }
        await sending.insertMessage(trx, message);
        await delivery.sent(trx, { conversationId: id, messageId: message.id, sender, recipient });
      });
      return toMessage(message);
    },

    /** Marks the other person's messages read up to now. */
    async read(claims: AccessClaims, id: string): Promise<void> {
      const row = await mine(db.kysely, claims, id);
      const now = clock().toISOString();
      await db.kysely.transaction().execute(async (trx) => {
        const marked = await markRead(trx, id, claims.userId, now);
        if (marked > 0) {
          await delivery.read(trx, {
            conversationId: id,
            readerId: claims.userId,
            otherId: otherOf(claims, row),
          });
        }
      });
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
