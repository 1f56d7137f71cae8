import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('medications')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', t.text, (c) => c.notNull())
    .addColumn('description', t.text)
    .addColumn('dosage', t.text)
    .addColumn('note', t.text)
    .addColumn('startdate', t.date, (c) => c.notNull())
    .addColumn('enddate', t.date)
    .addColumn('timefrequency', t.text, (c) =>
      c.notNull().check(sql`timefrequency in ('day', 'afternoon', 'night')`),
    )
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  // A patient's list must not slow down as other patients add theirs.
  await db.schema
    .createIndex('medications_patient_idx')
    .on('medications')
    .columns(['patient_id', 'created_at'])
    .execute();

  // One row per medication and day: the daily checklist resets because a new day has no row yet.
  await db.schema
    .createTable('doses')
    .addColumn('medication_id', t.id, (c) =>
      c.notNull().references('medications.id').onDelete('cascade'),
    )
    .addColumn('date', t.date, (c) => c.notNull())
    .addColumn('taken', t.boolean, (c) => c.notNull())
    .addColumn('recorded_at', t.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('doses_pk', ['medication_id', 'date'])
    .execute();

  await db.schema
    .createTable('care_links')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addUniqueConstraint('care_links_pair_unique', ['patient_id', 'doctor_id'])
    .execute();
  await db.schema
    .createIndex('care_links_doctor_idx')
    .on('care_links')
    .column('doctor_id')
    .execute();
}
