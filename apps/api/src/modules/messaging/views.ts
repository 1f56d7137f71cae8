import type {
  Conversation,
  ConversationList,
  ConversationPerson,
  Message,
  PageRequest,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { avatarDates } from '../../db/people.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { careSideOf } from '../../lib/care-side.ts';
import {
  countUnread,
  countUnreadIn,
  findConversation,
  findMessages,
  findPerson,
  listConversations,
  listMessages,
  type ConversationRow,
  type MessageRow,
  type PersonRow,
} from './repo.ts';

export const noSuchConversation = () =>
  new AppError(404, 'not_found', 'There is no such conversation.');

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    sender: row.sender_id,
    body: row.body,
    createdAt: row.created_at,
    readat: row.read_at,
  };
}

export const otherOf = (claims: AccessClaims, row: ConversationRow) =>
  row.patient_id === claims.userId ? row.doctor_id : row.patient_id;

/** The conversation if the caller is one of its two people; to anyone else it does not exist. */
export async function mine(
  db: Executor,
  claims: AccessClaims,
  id: string,
): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (!row || (row.patient_id !== claims.userId && row.doctor_id !== claims.userId)) {
    throw noSuchConversation();
  }
  return row;
}

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

/** Conversations as one of their two people reads them: the list, one conversation, its messages. */
export function conversationViews(
  db: Db,
  mayTalk: (patientId: string, doctorId: string) => Promise<boolean>,
) {
  async function view(claims: AccessClaims, row: ConversationRow): Promise<Conversation> {
    // A disabled account's conversation stays readable, like one whose link has ended.
    const other = await findPerson(db.kysely, otherOf(claims, row), { active: false });
    if (!other) throw noSuchConversation();
    const [last] = await listMessages(db.kysely, row.id, { limit: 1 }).then((p) => p.rows);
    const [unread, linked, active, avatars] = await Promise.all([
      countUnreadIn(db.kysely, row.id, claims.userId),
      mayTalk(row.patient_id, row.doctor_id),
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

  async function list(claims: AccessClaims, page: PageRequest): Promise<ConversationList> {
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
  }

  return { view, list };
}
