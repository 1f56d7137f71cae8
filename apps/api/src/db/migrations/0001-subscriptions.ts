import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('email', t.text, (c) => c.notNull())
    // Lower-cased copy with a unique index: "A@x.org" and "a@x.org" are one subscriber.
    .addColumn('email_normalized', t.text, (c) => c.notNull().unique())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
}
