import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';
import { changeStampTrigger } from './0023-change-stamp.ts';

/**
 * Dependents (DESIGN.md "Caregivers", docs/decisions/051): a patient record without a sign-in of its
 * own (a child, a parent who does not use the web), made and cared for by another patient. Such a
 * record is marked `dependent` and has an address nobody can receive and no password; handing it its
 * own sign-in is an emailed invitation, one open at a time per dependent, whose link sets the
 * address and the password. Every existing account stays as it is (not a dependent).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('dependent', t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('dependent_invitations')
    .addColumn('dependent_id', t.id, (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('id', t.id, (c) => c.notNull().unique())
    .addColumn('invited_by', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', t.text, (c) => c.notNull())
    .addColumn('email_normalized', t.text, (c) => c.notNull())
    // SHA-256 of the emailed link's secret, hex.
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dependent_invitations_invited_by_idx')
    .on('dependent_invitations')
    .column('invited_by')
    .execute();
  // Kept answers know a write happened (decision 039): every table moves the change stamp.
  if (dialect === 'postgres') {
    await sql.raw(changeStampTrigger('dependent_invitations')).execute(db);
  }
}
