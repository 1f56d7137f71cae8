import type { Kysely } from 'kysely';

/**
 * Every list is read a page at a time in keyset order (lib/pagination.ts). Each index below holds one
 * list's filter column followed by its whole sort key, id last, so that "the next page after this
 * cursor" is a range scan whatever the size of the table, on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const indexes: [name: string, table: string, columns: string[]][] = [
    ['medications_patient_order_idx', 'medications', ['patient_id', 'created_at', 'id']],
    ['care_links_patient_order_idx', 'care_links', ['patient_id', 'created_at', 'id']],
    ['care_links_doctor_order_idx', 'care_links', ['doctor_id', 'created_at', 'id']],
    ['audit_events_subject_order_idx', 'audit_events', ['subject_id', 'created_at', 'id']],
    ['users_directory_order_idx', 'users', ['user_type', 'lastname', 'firstname', 'id']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}
