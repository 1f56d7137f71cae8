import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/**
 * Each person's language (DESIGN.md "Interop and reach"): Tend's pages, emails, PDFs and calendar
 * feeds speak it. Everyone before this spoke English, so that is what they keep.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('language', t.text, (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'es')`),
    )
    .execute();
}
