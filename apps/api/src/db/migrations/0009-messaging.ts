import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // One conversation per patient–doctor pair; an account's deletion takes its conversations with it.
  await db.schema
    .createTable('conversations')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    // The last message's time (or the opening's): what the list is ordered by.
    .addColumn('active_at', t.instant, (c) => c.notNull())
    .addUniqueConstraint('conversations_pair_unique', ['patient_id', 'doctor_id'])
    .execute();
  // Each side's list, most recently active first, in keyset order.
  await db.schema
    .createIndex('conversations_patient_active_idx')
    .on('conversations')
    .columns(['patient_id', 'active_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversations_doctor_active_idx')
    .on('conversations')
    .columns(['doctor_id', 'active_at', 'id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('conversation_id', t.id, (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('read_at', t.instant)
    .execute();
  // A thread, newest first, in keyset order.
  await db.schema
    .createIndex('messages_conversation_created_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('messages_sender_idx').on('messages').column('sender_id').execute();
  // Unread counts and marking read touch only the unread messages, however long the history.
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['conversation_id', 'sender_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}
