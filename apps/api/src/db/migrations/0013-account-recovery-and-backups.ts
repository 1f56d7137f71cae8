import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // The address (normalized) a person confirmed. Confirmed means it equals users.email_normalized, so
  // changing the email makes the new one unconfirmed without anyone having to remember to reset a
  // flag. Accounts made before this migration never confirmed theirs: no row.
  await db.schema
    .createTable('email_confirmations')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_normalized', t.text, (c) => c.notNull())
    .addColumn('confirmed_at', t.instant, (c) => c.notNull())
    .execute();

  // Single-use links sent by email (password reset, address confirmation). Only the SHA-256 of the
  // token is kept; the address it went to is kept so a link for an old address confirms nothing.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', t.text, (c) =>
      c.notNull().check(sql`purpose in ('password_reset', 'email_verification')`),
    )
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('email_normalized', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('used_at', t.instant)
    .execute();
  await db.schema
    .createIndex('account_tokens_user_idx')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('account_tokens_expiry_idx')
    .on('account_tokens')
    .column('expires_at')
    .execute();

  // Finished backups, for /api/v1/health and for keeping only the newest scheduled ones. The file is
  // a bare name inside BACKUP_DIR for scheduled ones; no personal data.
  await db.schema
    .createTable('backups')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('kind', t.text, (c) => c.notNull().check(sql`kind in ('scheduled', 'manual')`))
    .addColumn('file', t.text, (c) => c.notNull())
    // Bytes; bigint on PostgreSQL, as a backup may pass 2 GB.
    .addColumn('size', dialect === 'postgres' ? sql`bigint` : t.integer, (c) => c.notNull())
    .addColumn('finished_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backups_finished_idx')
    .on('backups')
    .columns(['kind', 'finished_at'])
    .execute();
}
