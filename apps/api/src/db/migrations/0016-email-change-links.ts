import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

const PURPOSES = sql`purpose in ('password_reset', 'email_verification', 'email_change')`;

/**
 * Emailed links gain a third purpose: confirming a new address before the account moves to it
 * (docs/decisions/020). Such a link keeps the new address as typed (`email`), since the account takes
 * it over only when the link is opened. Every existing link is kept as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // A column check made inline is named <table>_<column>_check by PostgreSQL.
    await sql`alter table account_tokens drop constraint account_tokens_purpose_check`.execute(db);
    await sql`alter table account_tokens add constraint account_tokens_purpose_check check (${PURPOSES})`.execute(
      db,
    );
    await db.schema.alterTable('account_tokens').addColumn('email', 'text').execute();
    return;
  }
  // SQLite cannot change a check constraint in place: the table is rebuilt with the same rows.
  const t = columnTypes(dialect);
  await db.schema
    .createTable('account_tokens_next')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', t.text, (c) => c.notNull().check(PURPOSES))
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('email_normalized', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('used_at', t.instant)
    .addColumn('email', t.text)
    .execute();
  await sql`insert into account_tokens_next
    (id, user_id, purpose, token_hash, email_normalized, created_at, expires_at, used_at)
    select id, user_id, purpose, token_hash, email_normalized, created_at, expires_at, used_at
    from account_tokens`.execute(db);
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('account_tokens_next').renameTo('account_tokens').execute();
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
}
