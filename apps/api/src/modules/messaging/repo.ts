import type { PageRequest } from '@tend/shared';
import type { Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.ts';
import type { Database, Executor } from '../../db/schema.ts';
import { byCreation, byInstantThenId, pageOf, toPage } from '../../lib/pagination.ts';

export type Side = 'patient' | 'doctor';
const sideColumn = (side: Side) =>
  side === 'patient' ? 'conversations.patient_id' : 'conversations.doctor_id';
const otherColumn = (side: Side) =>
  side === 'patient' ? 'conversations.doctor_id' : 'conversations.patient_id';

export function findConversation(db: Executor, id: string) {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

export function findPair(db: Executor, patientId: string, doctorId: string) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('doctor_id', '=', doctorId)
    .executeTakeFirst();
}

export async function insertConversation(db: Executor, row: ConversationRow) {
  await db.insertInto('conversations').values(row).execute();
}

/** How many conversations the user has: what the per-person cap counts. */
export async function countConversations(db: Executor, userId: string, side: Side) {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sideColumn(side), '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What a send runs, compiled once (a send is the hot path of a busy conversation): the conversation
 * with both its people in one query, each with whether their account is disabled; then the insert.
 */
export function sendQueries(kysely: Kysely<Database>) {
  const withPeople = precompile(['id'], (p) =>
    kysely
      .selectFrom('conversations as c')
      .innerJoin('users as pt', 'pt.id', 'c.patient_id')
      .innerJoin('users as dr', 'dr.id', 'c.doctor_id')
      .select([
        'c.id',
        'c.patient_id',
        'c.doctor_id',
        'c.created_at',
        'c.active_at',
        'pt.firstname as pt_firstname',
        'pt.lastname as pt_lastname',
        'pt.user_type as pt_user_type',
        'pt.language as pt_language',
        'pt.disabled_at as pt_disabled_at',
        'dr.firstname as dr_firstname',
        'dr.lastname as dr_lastname',
        'dr.user_type as dr_user_type',
        'dr.language as dr_language',
        'dr.disabled_at as dr_disabled_at',
      ])
      .where('c.id', '=', p.id),
  );
  const insert = precompile(
    ['id', 'conversationId', 'senderId', 'body', 'createdAt'] as const,
    (p) =>
      kysely.insertInto('messages').values({
        id: p.id,
        conversation_id: p.conversationId,
        sender_id: p.senderId,
        body: p.body,
        created_at: p.createdAt,
        read_at: null,
      }),
  );
  const touch = precompile(['activeAt', 'id'], (p) =>
    kysely.updateTable('conversations').set({ active_at: p.activeAt }).where('id', '=', p.id),
  );

  return {
    async findConversationWithPeople(db: Executor, id: string) {
      const [row] = (await withPeople(db, { id })).rows;
      if (!row) return undefined;
      const person = (side: 'pt' | 'dr') => ({
        id: side === 'pt' ? row.patient_id : row.doctor_id,
        firstname: row[`${side}_firstname`],
        lastname: row[`${side}_lastname`],
        user_type: row[`${side}_user_type`],
        language: row[`${side}_language`],
        active: row[`${side}_disabled_at`] === null,
      });
      return {
        conversation: {
          id: row.id,
          patient_id: row.patient_id,
          doctor_id: row.doctor_id,
          created_at: row.created_at,
          active_at: row.active_at,
        },
        patient: person('pt'),
        doctor: person('dr'),
      };
    },

    /** The message, and its conversation's last activity. */
    async insertMessage(db: Executor, row: MessageRow) {
      await insert(db, {
        id: row.id,
        conversationId: row.conversation_id,
        senderId: row.sender_id,
        body: row.body,
        createdAt: row.created_at,
      });
      await touch(db, { activeAt: row.created_at, id: row.conversation_id });
    },
  };
}

/** An account as one side of a conversation sees the other; `active` leaves out disabled ones. */
export function findPerson(db: Executor, id: string, { active = true } = {}) {
  let query = db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'user_type', 'language'])
    .where('id', '=', id);
  if (active) query = query.where('disabled_at', 'is', null);
  return query.executeTakeFirst();
}
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

const conversationOrder = byInstantThenId('conversations', 'active_at', 'desc');

/**
 * One page of the user's conversations, most recently active first, each with the other person, the
 * id of its newest message and how many of the other's messages the user has not read.
 */
export async function listConversations(
  db: Executor,
  userId: string,
  side: Side,
  page: PageRequest,
) {
  const query = db
    .selectFrom('conversations')
    .innerJoin('users as other', 'other.id', otherColumn(side))
    .select([
      'conversations.id',
      'conversations.active_at',
      'other.id as other_id',
      'other.firstname as other_firstname',
      'other.lastname as other_lastname',
      'other.user_type as other_user_type',
    ])
    .select((eb) => [
      eb
        .selectFrom('messages')
        .select('messages.id')
        .whereRef('messages.conversation_id', '=', 'conversations.id')
        .orderBy('messages.created_at', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(1)
        .as('last_message_id'),
      eb
        .selectFrom('messages')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('messages.conversation_id', '=', 'conversations.id')
        .where('messages.sender_id', '<>', userId)
        .where('messages.read_at', 'is', null)
        .as('unread'),
    ])
    .where(sideColumn(side), '=', userId);
  return toPage(await pageOf(query, conversationOrder, page).execute(), page, conversationOrder);
}

/** Messages from others the user has not read, over all their conversations (the menu badge). */
export async function countUnread(db: Executor, userId: string, side: Side) {
  const row = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sideColumn(side), '=', userId)
    .where('messages.sender_id', '<>', userId)
    .where('messages.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUnreadIn(db: Executor, conversationId: string, readerId: string) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', readerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const messageColumns = [
  'id',
  'conversation_id',
  'sender_id',
  'body',
  'created_at',
  'read_at',
] as const;

export function findMessages(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('messages').select(messageColumns).where('id', 'in', ids).execute();
}
export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

const messageOrder = byCreation('messages', 'desc');

/** One page of a conversation, newest first. */
export async function listMessages(db: Executor, conversationId: string, page: PageRequest) {
  const query = db
    .selectFrom('messages')
    .select(messageColumns)
    .where('conversation_id', '=', conversationId);
  return toPage(await pageOf(query, messageOrder, page).execute(), page, messageOrder);
}

/** Marks the other person's unread messages read; answers how many there were. */
export async function markRead(
  db: Executor,
  conversationId: string,
  readerId: string,
  nowIso: string,
) {
  const result = await db
    .updateTable('messages')
    .set({ read_at: nowIso })
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', readerId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
