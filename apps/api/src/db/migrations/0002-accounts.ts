import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('users')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('email', t.text, (c) => c.notNull())
    .addColumn('email_normalized', t.text, (c) => c.notNull().unique())
    .addColumn('password_hash', t.text, (c) => c.notNull())
    .addColumn('user_type', t.text, (c) =>
      c.notNull().check(sql`user_type in ('patient', 'doctor')`),
    )
    .addColumn('firstname', t.text, (c) => c.notNull())
    .addColumn('lastname', t.text, (c) => c.notNull())
    .addColumn('dateofbirth', t.date)
    .addColumn('bloodgroup', t.text)
    .addColumn('number', t.text)
    .addColumn('address', t.text)
    .addColumn('city', t.text)
    .addColumn('state', t.text)
    .addColumn('postcode', t.text)
    .addColumn('country', t.text)
    .addColumn('timezone', t.text, (c) => c.notNull().defaultTo('UTC'))
    .addColumn('specialty', t.text)
    .addColumn('years_of_experience', t.integer)
    // Money as whole cents: exact on both dialects.
    .addColumn('consultation_fee_cents', t.integer)
    .addColumn('location', t.text)
    .addColumn('bio', t.text)
    .addColumn('disabled_at', t.instant)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_user_type_idx').on('users').column('user_type').execute();

  await db.schema
    .createTable('avatars')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content_type', t.text, (c) => c.notNull())
    .addColumn('data', t.bytes, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('revoked_at', t.instant)
    .addColumn('revoked_reason', t.text)
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('session_id', t.id, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('used_at', t.instant)
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  // No foreign keys: the trail of an account's deletion outlives the account.
  await db.schema
    .createTable('audit_events')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('actor_id', t.id)
    .addColumn('action', t.text, (c) => c.notNull())
    .addColumn('subject_id', t.id)
    .addColumn('ip', t.text)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_actor_idx')
    .on('audit_events')
    .columns(['actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_events_subject_idx')
    .on('audit_events')
    .columns(['subject_id', 'created_at'])
    .execute();
}
