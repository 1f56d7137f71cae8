import type { Kysely } from 'kysely';

/**
 * `audit_events_subject_idx` (subject, time) is the first two columns of
 * `audit_events_subject_order_idx` (subject, time, id), which serves every query the first one
 * could. Every audit row — a doctor's every look — was written into both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_subject_idx').execute();
}
