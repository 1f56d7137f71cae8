import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

/**
 * Dispensing and renewing prescriptions (DESIGN.md "Prescriptions and pharmacies", decision 025).
 * Only nullable columns are added, so no row is rewritten and nothing is lost on either database.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // A medication a dispensing put on the patient's list names its prescription; the link goes (the
  // medication stays) when the prescription does, e.g. with the prescriber's account.
  await db.schema
    .alterTable('medications')
    .addColumn('prescription_id', t.id, (c) =>
      c.references('prescriptions.id').onDelete('set null'),
    )
    .execute();
  // Whole units handed over for this time of day's doses, summed over the prescription's fills
  // (modules/prescriptions/dispensing.ts); null for a medication the patient added themself.
  await db.schema
    .alterTable('medications')
    .addColumn('supply', t.integer, (c) => c.check(sql`supply >= 0`))
    .execute();
  await db.schema
    .createIndex('medications_prescription_idx')
    .on('medications')
    .column('prescription_id')
    .execute();

  // The patient's request for a new prescription once no refills are left, and the doctor's answer.
  await db.schema
    .alterTable('prescriptions')
    .addColumn('renewal_status', t.text, (c) =>
      c.check(sql`renewal_status in ('requested', 'approved', 'refused')`),
    )
    .execute();
  await db.schema.alterTable('prescriptions').addColumn('renewal_reason', t.text).execute();
  await db.schema
    .alterTable('prescriptions')
    .addColumn('renewal_requested_at', t.instant)
    .execute();
  await db.schema.alterTable('prescriptions').addColumn('renewal_decided_at', t.instant).execute();
  // The prescription an approval wrote.
  await db.schema
    .alterTable('prescriptions')
    .addColumn('renewed_as_id', t.id, (c) => c.references('prescriptions.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('prescriptions_renewed_as_idx')
    .on('prescriptions')
    .column('renewed_as_id')
    .execute();
  // The fills of one prescription, in order: every fill step reads the latest.
  await db.schema
    .createIndex('prescription_fills_prescription_idx')
    .on('prescription_fills')
    .columns(['prescription_id', 'number'])
    .execute();
}
