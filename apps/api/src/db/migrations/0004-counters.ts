import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/**
 * Rate-limit and failed-sign-in counters shared by every Tend process on this database (used when no
 * Redis is configured). A row is one key's fixed window; keys are hashed, so no address or email is kept.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('counters')
    .addColumn('key', t.text, (c) => c.primaryKey())
    .addColumn('count', t.integer, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .execute();
  // The periodic sweep deletes expired windows by this index instead of scanning the table.
  await db.schema.createIndex('counters_expires_idx').on('counters').column('expires_at').execute();
}
