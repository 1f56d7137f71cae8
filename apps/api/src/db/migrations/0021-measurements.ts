import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/**
 * Health measurements (DESIGN.md "Health measurements"): readings kept in canonical units, the targets a
 * doctor sets for a patient, the record that keeps a breach notice to one per doctor, patient, kind and
 * day, and each person's choice of metric or US units.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const kinds = sql`kind in ('weight', 'height', 'bloodpressure', 'heartrate', 'glucose', 'temperature', 'spo2')`;

  await db.schema
    .alterTable('users')
    .addColumn('units', t.text, (c) =>
      c
        .notNull()
        .defaultTo('metric')
        .check(sql`units in ('metric', 'us')`),
    )
    .execute();

  await db.schema
    .createTable('measurements')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', t.text, (c) => c.notNull().check(kinds))
    // Canonical unit of the kind; for blood pressure the systolic, with the diastolic in value2.
    .addColumn('value', real, (c) => c.notNull())
    .addColumn('value2', real)
    .addColumn('taken_at', t.instant, (c) => c.notNull())
    .addColumn('note', t.text)
    // A doctor who leaves Tend leaves the reading with the patient, recorded by nobody.
    .addColumn('recorded_by', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  // One kind's readings in time order: the filtered list, the latest of a kind, and the series
  // buckets, which read value and value2 from the index itself (no visit to the table per reading).
  await db.schema
    .createIndex('measurements_patient_kind_taken_idx')
    .on('measurements')
    .columns(['patient_id', 'kind', 'taken_at', 'id', 'value', 'value2'])
    .execute();
  // Every kind together, newest first: the unfiltered list and the export.
  await db.schema
    .createIndex('measurements_patient_taken_idx')
    .on('measurements')
    .columns(['patient_id', 'taken_at', 'id'])
    .execute();
  await db.schema
    .createIndex('measurements_recorded_by_idx')
    .on('measurements')
    .column('recorded_by')
    .execute();

  await db.schema
    .createTable('measurement_targets')
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', t.text, (c) => c.notNull().check(kinds))
    .addColumn('low', real)
    .addColumn('high', real)
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('measurement_targets_pk', ['patient_id', 'doctor_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('measurement_targets_doctor_idx')
    .on('measurement_targets')
    .columns(['doctor_id', 'patient_id'])
    .execute();

  // One row per notice sent: the key is what makes "at most once a day" hold when readings race.
  await db.schema
    .createTable('measurement_breach_notices')
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', t.text, (c) => c.notNull())
    // The patient's calendar day when the reading was recorded.
    .addColumn('day', t.date, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('measurement_breach_notices_pk', [
      'doctor_id',
      'patient_id',
      'kind',
      'day',
    ])
    .execute();
  await db.schema
    .createIndex('measurement_breach_notices_patient_idx')
    .on('measurement_breach_notices')
    .column('patient_id')
    .execute();

  // Each patient's readings summed per kind and day, ISO week and month of theirs, so a chart reads
  // about one row per point whatever its range (decision 027). Rebuilt when the patient's zone changes.
  await db.schema
    .createTable('measurement_rollups')
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', t.text, (c) => c.notNull().check(kinds))
    .addColumn('span', t.text, (c) => c.notNull().check(sql`span in ('day', 'week', 'month')`))
    // The span's first day (a Monday for a week, the 1st for a month) in the patient's zone.
    .addColumn('day', t.date, (c) => c.notNull())
    .addColumn('n', t.integer, (c) => c.notNull())
    .addColumn('total', real, (c) => c.notNull())
    .addColumn('low', real, (c) => c.notNull())
    .addColumn('high', real, (c) => c.notNull())
    .addColumn('n2', t.integer, (c) => c.notNull())
    .addColumn('total2', real, (c) => c.notNull())
    .addColumn('low2', real)
    .addColumn('high2', real)
    .addPrimaryKeyConstraint('measurement_rollups_pk', ['patient_id', 'kind', 'span', 'day'])
    // On SQLite the rows live in the key's own b-tree, so a range of days is one contiguous read.
    .$call((table) => (dialect === 'postgres' ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createTable('measurement_rollup_zones')
    .addColumn('patient_id', t.id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('timezone', t.text, (c) => c.notNull())
    .execute();
}
