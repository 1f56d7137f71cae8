import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/**
 * Prescriptions and their fills (DESIGN.md "Prescriptions and pharmacies"; FHIR MedicationRequest and
 * MedicationDispense). Sending to a pharmacy and the fill workflow come later; their columns are here
 * so that step needs no rewrite of these tables.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable('prescriptions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    // Stored without the dashes it is printed with; 11 of 31 letters (packages/shared/src/prescriptions.ts).
    .addColumn('code', t.text, (c) => c.notNull())
    // Deleting either person's account takes the prescription with it, as it does their visits.
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A pharmacy that leaves Tend leaves the prescription unsent, not gone.
    .addColumn('pharmacy_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('medication_name', t.text, (c) => c.notNull())
    .addColumn('medication_strength', t.text, (c) => c.notNull())
    .addColumn('medication_form', t.text, (c) => c.notNull())
    // Thousandths of a unit, so half a tablet is exact on both databases without a float column.
    .addColumn('dose_amount_milli', t.integer, (c) => c.notNull())
    .addColumn('dose_unit', t.text, (c) => c.notNull())
    // "day,afternoon,night" (a subset, in that order).
    .addColumn('times_of_day', t.text, (c) => c.notNull())
    .addColumn('quantity', t.integer, (c) => c.notNull())
    .addColumn('refills', t.integer, (c) => c.notNull().check(sql`refills between 0 and 11`))
    .addColumn('valid_until', t.date, (c) => c.notNull())
    // The end of valid_until in the patient's time zone when prescribed: "expired" is read from it.
    .addColumn('expires_at', t.instant, (c) => c.notNull())
    .addColumn('instructions', t.text, (c) => c.notNull())
    .addColumn('note', t.text)
    // 'expired' is never written today (it is read from expires_at); the check leaves room for a job.
    .addColumn('status', t.text, (c) =>
      c.notNull().check(sql`status in ('active', 'completed', 'cancelled', 'expired')`),
    )
    .addColumn('cancel_reason', t.text)
    .addColumn('cancelled_at', t.instant)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prescriptions_code_unique')
    .on('prescriptions')
    .column('code')
    .unique()
    .execute();
  // The lists, newest first: a patient's own; a doctor's; a doctor's for one patient; a pharmacy's.
  await db.schema
    .createIndex('prescriptions_patient_created_idx')
    .on('prescriptions')
    .columns(['patient_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('prescriptions_doctor_created_idx')
    .on('prescriptions')
    .columns(['doctor_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('prescriptions_patient_doctor_created_idx')
    .on('prescriptions')
    .columns(['patient_id', 'doctor_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('prescriptions_pharmacy_created_idx')
    .on('prescriptions')
    .columns(['pharmacy_id', 'created_at', 'id'])
    .execute();
  // The cap on a patient's active prescriptions counts from this alone.
  await db.schema
    .createIndex('prescriptions_patient_status_expires_idx')
    .on('prescriptions')
    .columns(['patient_id', 'status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('prescription_fills')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('prescription_id', t.id, (c) =>
      c.notNull().references('prescriptions.id').onDelete('cascade'),
    )
    // 1 for the first fill, 2 for the first refill …; unique per prescription, so a fill is never
    // counted twice however many requests race.
    .addColumn('number', t.integer, (c) => c.notNull().check(sql`number between 1 and 12`))
    .addColumn('pharmacy_id', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', t.text, (c) =>
      c.notNull().check(sql`status in ('requested', 'preparing', 'ready', 'dispensed', 'refused')`),
    )
    .addColumn('reason', t.text)
    .addColumn('dispensed_at', t.instant)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .addUniqueConstraint('prescription_fills_number_unique', ['prescription_id', 'number'])
    .execute();
  // A pharmacy's queue, in the order fills were asked for.
  await db.schema
    .createIndex('prescription_fills_pharmacy_created_idx')
    .on('prescription_fills')
    .columns(['pharmacy_id', 'created_at', 'id'])
    .execute();
}
