import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // Background jobs (reminders, emails, pushes). The unique key makes planning the same job twice a
  // no-op; `subject` (a medication or appointment id) lets a change cancel what it planned.
  await db.schema
    .createTable('jobs')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('key', t.text, (c) => c.notNull().unique())
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('subject', t.text)
    .addColumn('run_at', t.instant, (c) => c.notNull())
    .addColumn('payload', t.text, (c) => c.notNull())
    .addColumn('state', t.text, (c) =>
      c.notNull().check(sql`state in ('pending', 'running', 'done', 'failed', 'dropped')`),
    )
    .addColumn('attempts', t.integer, (c) => c.notNull().defaultTo(0))
    // An error's kind and code only: messages can quote an address or a name.
    .addColumn('last_error', t.text)
    .addColumn('locked_by', t.text)
    .addColumn('locked_until', t.instant)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  // Claiming reads due pending jobs and expired leases; cleanup reads finished jobs by age.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema
    .createIndex('jobs_finished_idx')
    .on('jobs')
    .columns(['state', 'updated_at'])
    .execute();
  await db.schema.createIndex('jobs_subject_idx').on('jobs').column('subject').execute();

  // One row per person who changed the defaults (email off, push off, 09:00 / 14:00 / 21:00).
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', t.boolean, (c) => c.notNull())
    .addColumn('push', t.boolean, (c) => c.notNull())
    .addColumn('day', t.text, (c) => c.notNull())
    .addColumn('afternoon', t.text, (c) => c.notNull())
    .addColumn('night', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();

  // A browser's Web Push subscription; an endpoint belongs to one browser, hence unique.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', t.text, (c) => c.notNull().unique())
    .addColumn('p256dh', t.text, (c) => c.notNull())
    .addColumn('auth', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  // What a dose reminder's Taken / Snooze buttons act on; the token itself is never stored, only its hash.
  await db.schema
    .createTable('reminder_actions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('token_hash', t.text, (c) => c.notNull().unique())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('medication_id', t.id, (c) =>
      c.notNull().references('medications.id').onDelete('cascade'),
    )
    .addColumn('date', t.date, (c) => c.notNull())
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_actions_medication_idx')
    .on('reminder_actions')
    .column('medication_id')
    .execute();
  await db.schema
    .createIndex('reminder_actions_expiry_idx')
    .on('reminder_actions')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('reminder_actions_patient_idx')
    .on('reminder_actions')
    .column('patient_id')
    .execute();

  // A dose reminder notification points at its action, so the list can offer Taken / Snooze.
  await db.schema.alterTable('notifications').addColumn('reminder_id', t.id).execute();

  // Keys the server makes once and every instance shares (the Web Push VAPID pair).
  await db.schema
    .createTable('server_keys')
    .addColumn('name', t.text, (c) => c.primaryKey())
    .addColumn('value', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
}
