import {
  MAX_CONVERSATIONS_PER_PERSON,
  type Conversation,
  type ConversationList,
  type ConversationPerson,
  type Message,
  type MessageList,
  type PageRequest,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { avatarDates } from '../../db/people.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import { tooManyRequestsMessage } from '../../lib/wait-words.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import {
  countConversations,
  countUnread,
  countUnreadIn,
  findConversation,
  findMessages,
  findPair,
  findPerson,
  insertConversation,
  listConversations,
  listMessages,
  markRead,
  sendQueries,
  type ConversationRow,
  type MessageRow,
  type PersonRow,
} from './repo.ts';
import { createGroupCommit } from './group-commit.ts';
import { careSideOf } from '../../lib/care-side.ts';

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
  mayTalk(patientId: string, doctorId: string): Promise<boolean>;
  delivery: MessageDelivery;
  /** The shared counters; a person's sends are counted there (SEND_LIMIT). */
  counters: CounterStore;
}

/**
 * Per person, not per address: a person may write from several devices, and many people may share
 * one address. Shared by every instance (decision 005), counted in the send's own transaction.
 */
export const SEND_LIMIT = { max: 60, windowMs: 60_000 };

const noSuchConversation = () => new AppError(404, 'not_found', 'There is no such conversation.');
const noSuchPerson = () =>
  new AppError(404, 'not_found', 'You can message only your doctors or your patients.', {
    withUserId: 'Choose one of your doctors or patients.',
  });

function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    sender: row.sender_id,
    body: row.body,
    createdAt: row.created_at,
    readat: row.read_at,
  };
}

const sidesOf = (claims: AccessClaims, otherId: string) =>
  careSideOf(claims.role) === 'patient'
    ? { patientId: claims.userId, doctorId: otherId }
    : { patientId: otherId, doctorId: claims.userId };

/**
 * Private messages between a patient and a doctor. A conversation opens only while the two share a care
 * link or a visit, and a message is sent only while they still do; its history stays readable to both
 * (docs/decisions/009-messaging.md). To anyone else a conversation does not exist.
 */
export function createMessagingService(deps: MessagingDeps) {
  const { db, clock, delivery, counters } = deps;
  const writes = createGroupCommit(db);
  const sending = sendQueries(db.kysely);

  function toPerson(
    row: Omit<PersonRow, 'language'>,
    avatars: Map<string, string>,
  ): ConversationPerson {
    return {
      _id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      userType: careSideOf(row.user_type),
      avatarUrl: avatarUrl(row.id, avatars.get(row.id)),
    };
  }

  async function mine(claims: AccessClaims, id: string): Promise<ConversationRow> {
    const row = await findConversation(db.kysely, id);
    if (!row || (row.patient_id !== claims.userId && row.doctor_id !== claims.userId)) {
      throw noSuchConversation();
    }
    return row;
  }

  const otherOf = (claims: AccessClaims, row: ConversationRow) =>
    row.patient_id === claims.userId ? row.doctor_id : row.patient_id;

  async function view(claims: AccessClaims, row: ConversationRow): Promise<Conversation> {
    // A disabled account's conversation stays readable, like one whose link has ended.
    const other = await findPerson(db.kysely, otherOf(claims, row), { active: false });
    if (!other) throw noSuchConversation();
    const [last] = await listMessages(db.kysely, row.id, { limit: 1 }).then((p) => p.rows);
    const [unread, linked, active, avatars] = await Promise.all([
      countUnreadIn(db.kysely, row.id, claims.userId),
      deps.mayTalk(row.patient_id, row.doctor_id),
      findPerson(db.kysely, other.id).then((person) => person !== undefined),
      avatarDates(db.kysely, [other.id]),
    ]);
    return {
      _id: row.id,
      other: toPerson(other, avatars),
      lastmessage: last ? toMessage(last) : null,
      unread,
      canwrite: linked && active,
    };
  }

  /** Inside the opening transaction, after locking both people: the existing pair, or a new one within caps. */
  async function openWithin(trx: Executor, pair: { patientId: string; doctorId: string }) {
    await lockPerson(trx, db.dialect, pair.patientId);
    await lockPerson(trx, db.dialect, pair.doctorId);
    const existing = await findPair(trx, pair.patientId, pair.doctorId);
    if (existing) return { row: existing, created: false };
    for (const [userId, side] of [
      [pair.patientId, 'patient'],
      [pair.doctorId, 'doctor'],
    ] as const) {
      if ((await countConversations(trx, userId, side)) >= MAX_CONVERSATIONS_PER_PERSON) {
        throw new AppError(
          409,
          'too_many_conversations',
          `${side === 'patient' ? 'The patient' : 'The doctor'} already has ${MAX_CONVERSATIONS_PER_PERSON} conversations, the most Tend allows.`,
        );
      }
    }
    const now = clock().toISOString();
    const row: ConversationRow = {
      id: newId(),
      patient_id: pair.patientId,
      doctor_id: pair.doctorId,
      created_at: now,
      active_at: now,
    };
    await insertConversation(trx, row);
    return { row, created: true };
  }

  return {
    async list(claims: AccessClaims, page: PageRequest): Promise<ConversationList> {
      const [{ rows, nextCursor }, unread] = await Promise.all([
        listConversations(db.kysely, claims.userId, careSideOf(claims.role), page),
        countUnread(db.kysely, claims.userId, careSideOf(claims.role)),
      ]);
      const lastIds = rows.flatMap((r) => (r.last_message_id ? [r.last_message_id] : []));
      const [lastMessages, avatars] = await Promise.all([
        findMessages(db.kysely, lastIds),
        avatarDates(
          db.kysely,
          rows.map((r) => r.other_id),
        ),
      ]);
      const byId = new Map(lastMessages.map((m) => [m.id, m]));
      const conversations = rows.map((r) => {
        const last = r.last_message_id ? byId.get(r.last_message_id) : undefined;
        return {
          _id: r.id,
          other: toPerson(
            {
              id: r.other_id,
              firstname: r.other_firstname,
              lastname: r.other_lastname,
              user_type: r.other_user_type,
            },
            avatars,
          ),
          lastmessage: last ? toMessage(last) : null,
          unread: Number(r.unread ?? 0),
        };
      });
      return { conversations, nextCursor, unread };
    },

    async open(
      claims: AccessClaims,
      withUserId: string,
    ): Promise<{ conversation: Conversation; created: boolean }> {
      const other = await findPerson(db.kysely, withUserId);
      if (!other || other.user_type === claims.role) throw noSuchPerson();
      const pair = sidesOf(claims, other.id);
      if (!(await deps.mayTalk(pair.patientId, pair.doctorId))) throw noSuchPerson();
      let opened: { row: ConversationRow; created: boolean };
      try {
        opened = await db.kysely.transaction().execute((trx) => openWithin(trx, pair));
      } catch (error) {
        // SQLite has no row locks: two first openings can both find no pair; the unique key keeps one.
        if (!violates(error, { table: 'conversations', columns: ['patient_id', 'doctor_id'] }))
          throw error;
        const row = await findPair(db.kysely, pair.patientId, pair.doctorId);
        if (!row) throw error;
        opened = { row, created: false };
      }
      return { conversation: await view(claims, opened.row), created: opened.created };
    },

    async get(claims: AccessClaims, id: string): Promise<Conversation> {
      return view(claims, await mine(claims, id));
    },

    async messages(claims: AccessClaims, id: string, page: PageRequest): Promise<MessageList> {
      await mine(claims, id);
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
      const row = await mine(claims, id);
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
