import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // One row per doctor; the weekly hours and days off are small lists read and written whole.
  await db.schema
    .createTable('availability')
    .addColumn('doctor_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('timezone', t.text, (c) => c.notNull())
    .addColumn('slot_minutes', t.integer, (c) => c.notNull())
    .addColumn('weekly', t.text, (c) => c.notNull())
    .addColumn('days_off', t.text, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_at', t.instant, (c) => c.notNull())
    .addColumn('end_at', t.instant, (c) => c.notNull())
    .addColumn('type', t.text, (c) => c.notNull().check(sql`type in ('in_person', 'online')`))
    .addColumn('purpose', t.text, (c) => c.notNull())
    .addColumn('status', t.text, (c) =>
      c.notNull().check(sql`status in ('requested', 'accepted', 'completed', 'cancelled')`),
    )
    .addColumn('fee_cents', t.integer)
    .addColumn('paid_at', t.instant)
    .addColumn('paid_amount_cents', t.integer)
    .addColumn('payment_method', t.text, (c) =>
      c.check(sql`payment_method in ('cash', 'card', 'insurance', 'other')`),
    )
    .addColumn('receipt_number', t.text, (c) => c.unique())
    .addColumn('cancelled_by', t.text, (c) => c.check(sql`cancelled_by in ('patient', 'doctor')`))
    .addColumn('cancel_reason', t.text)
    .addColumn('followup', t.date)
    .addColumn('notes', t.text)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  // The booking race is decided here, not by a read before the write: one live visit per doctor and start.
  await db.schema
    .createIndex('appointments_live_slot_unique')
    .on('appointments')
    .columns(['doctor_id', 'start_at'])
    .unique()
    .where(sql.ref('status'), 'in', ['requested', 'accepted'])
    .execute();
  // Each side's list, and the slots and directory reading a doctor's booked times.
  await db.schema
    .createIndex('appointments_doctor_start_idx')
    .on('appointments')
    .columns(['doctor_id', 'start_at', 'id'])
    .execute();
  await db.schema
    .createIndex('appointments_patient_start_idx')
    .on('appointments')
    .columns(['patient_id', 'start_at', 'id'])
    .execute();

  await db.schema
    .createTable('appointment_reviews')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('appointment_id', t.id, (c) =>
      c.notNull().unique().references('appointments.id').onDelete('cascade'),
    )
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', t.integer, (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('recommend', t.boolean, (c) => c.notNull())
    .addColumn('comment', t.text, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointment_reviews_doctor_idx')
    .on('appointment_reviews')
    .column('doctor_id')
    .execute();
  await db.schema
    .createIndex('appointment_reviews_patient_idx')
    .on('appointment_reviews')
    .column('patient_id')
    .execute();

  // Receipt numbers run without gaps: the counter moves inside the payment's own transaction.
  await db.schema
    .createTable('receipt_sequence')
    .addColumn('id', t.text, (c) => c.primaryKey())
    .addColumn('last_number', t.integer, (c) => c.notNull())
    .execute();
  await sql`insert into receipt_sequence (id, last_number) values ('receipts', 0)`.execute(db);
}
