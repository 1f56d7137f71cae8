import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';
import { changeStampTrigger } from './0023-change-stamp.ts';

/**
 * Caregivers (DESIGN.md "Caregivers", docs/decisions/050): a patient's invitation of another
 * account, by address, with the areas it may act on and its missed-dose alerts; accepted, it names
 * the caregiver. Ended, declined and lapsed invitations are deleted (the access log keeps what was
 * done). And one row per missed-dose alert sent, whose key keeps it to one per caregiver and dose
 * however many instances look at the same moment.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('caregivers')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null until the invitation is accepted.
    .addColumn('caregiver_id', t.id, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', t.text, (c) => c.notNull())
    .addColumn('email_normalized', t.text, (c) => c.notNull())
    // The areas granted, comma-separated, in CAREGIVER_AREAS order.
    .addColumn('areas', t.text, (c) => c.notNull())
    .addColumn('alert_missed_doses', t.boolean, (c) => c.notNull())
    .addColumn('alert_delay_minutes', t.integer, (c) =>
      c.notNull().check(sql`alert_delay_minutes between 15 and 240`),
    )
    .addColumn('status', t.text, (c) => c.notNull().check(sql`status in ('invited', 'active')`))
    // SHA-256 of the emailed link's secret, hex; null once accepted.
    .addColumn('token_hash', t.text)
    .addColumn('expires_at', t.instant)
    .addColumn('accepted_at', t.instant)
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .addColumn('updated_at', t.instant, (c) => c.notNull())
    .execute();
  // One relation per pair, and one open invitation per patient and address.
  await db.schema
    .createIndex('caregivers_pair_idx')
    .unique()
    .on('caregivers')
    .columns(['patient_id', 'caregiver_id'])
    .where(sql.ref('caregiver_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('caregivers_invited_idx')
    .unique()
    .on('caregivers')
    .columns(['patient_id', 'email_normalized'])
    .where(sql.ref('status'), '=', 'invited')
    .execute();
  // Each side's list, newest first; open invitations by address; an emailed link's secret.
  const lookups: [string, string[]][] = [
    ['caregivers_caregiver_idx', ['caregiver_id', 'created_at', 'id']],
    ['caregivers_patient_idx', ['patient_id', 'created_at', 'id']],
    ['caregivers_email_idx', ['email_normalized', 'status']],
    ['caregivers_token_idx', ['token_hash']],
  ];
  for (const [name, columns] of lookups) {
    await db.schema.createIndex(name).on('caregivers').columns(columns).execute();
  }

  await db.schema
    .createTable('missed_dose_alerts')
    .addColumn('caregiver_link_id', t.id, (c) =>
      c.notNull().references('caregivers.id').onDelete('cascade'),
    )
    .addColumn('medication_id', t.id, (c) =>
      c.notNull().references('medications.id').onDelete('cascade'),
    )
    // The patient's calendar day of the dose.
    .addColumn('day', t.date, (c) => c.notNull())
    .addColumn('sent_at', t.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('missed_dose_alerts_pk', ['caregiver_link_id', 'medication_id', 'day'])
    .execute();
  await db.schema
    .createIndex('missed_dose_alerts_medication_idx')
    .on('missed_dose_alerts')
    .column('medication_id')
    .execute();

  if (dialect === 'postgres') {
    for (const table of ['caregivers', 'missed_dose_alerts']) {
      await sql.raw(changeStampTrigger(table)).execute(db);
    }
  }
}
