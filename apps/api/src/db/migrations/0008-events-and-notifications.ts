import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // Live events, kept a while so a stream that reconnects with Last-Event-ID gets what it missed.
  // The id is a number that only grows: SSE ids must compare, and UUIDs from two instances do not.
  await db.schema
    .createTable('events')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', t.text, (c) => c.notNull())
    .addColumn('data', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_user_id_idx')
    .on('events')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('events_created_idx').on('events').column('created_at').execute();
  // How far pruning reached: a stream resuming from before it is told to refetch (`resync`).
  await db.schema
    .createTable('event_retention')
    .addColumn('name', t.text, (c) => c.primaryKey())
    .addColumn('pruned_through', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('body', t.text, (c) => c.notNull())
    .addColumn('link', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('read_at', t.instant)
    .execute();
  // The list, newest first, in keyset order.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // The bell's unread count reads only unread rows.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}
