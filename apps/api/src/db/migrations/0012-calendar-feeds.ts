import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // One secret calendar feed per person (docs/decisions/013). The address is derived from `feed_key`
  // and the server's secret, so this table alone never yields a working address; `secret_hash` is
  // what a feed request is looked up by.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('feed_key', t.text, (c) => c.notNull())
    .addColumn('secret_hash', t.text, (c) => c.notNull().unique())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
}
