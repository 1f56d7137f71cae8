import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/** Two-step sign-in (TOTP, recovery codes, sign-in challenges) and what a device list shows (decision 021). */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // A person's authenticator secret, encrypted with a key derived from TOKEN_SECRET. enabled_at is
  // null while it waits for its first code (set up, not yet confirmed). last_step is the last time
  // step a code was taken for: a code is taken only for a later step, so none works twice.
  await db.schema
    .createTable('two_step')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_encrypted', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('enabled_at', t.instant)
    .addColumn('last_step', t.integer)
    .execute();

  // Single-use recovery codes, kept only as keyed hashes.
  await db.schema
    .createTable('two_step_recovery_codes')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('used_at', t.instant)
    .execute();
  await db.schema
    .createIndex('two_step_recovery_codes_user_idx')
    .on('two_step_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  // Between a right password and the second step: a short-lived, single-use challenge, kept as the
  // SHA-256 of its token, with the wrong codes typed against it.
  await db.schema
    .createTable('two_step_challenges')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', t.text, (c) => c.notNull())
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('failures', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('used_at', t.instant)
    .execute();
  await db.schema
    .createIndex('two_step_challenges_user_idx')
    .on('two_step_challenges')
    .column('user_id')
    .execute();

  // The device list: the browser a session was started from and when it was last renewed (written
  // at sign-in and on refresh, never on an ordinary request). Older sessions have neither.
  await db.schema.alterTable('sessions').addColumn('user_agent', t.text).execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', t.instant).execute();
}
