import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // Stored files live in the database (one backup holds everything; every instance sees them), cut into
  // chunks so that neither writing nor reading ever holds a whole file in one value.
  await db.schema
    .createTable('files')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('size', t.integer, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', t.id, (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('seq', t.integer, (c) => c.notNull())
    .addColumn('data', t.bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('patient_id', t.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A doctor's report stays in the patient's record after the doctor's account is gone.
    .addColumn('uploaded_by', t.id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_id', t.id, (c) => c.notNull().unique().references('files.id'))
    .addColumn('title', t.text, (c) => c.notNull())
    .addColumn('filename', t.text, (c) => c.notNull())
    .addColumn('content_type', t.text, (c) => c.notNull())
    .addColumn('size', t.integer, (c) => c.notNull())
    .addColumn('created_at', t.instant, (c) => c.notNull())
    .execute();
  // A patient's list, newest first, in keyset order.
  await db.schema
    .createIndex('reports_patient_created_idx')
    .on('reports')
    .columns(['patient_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_uploaded_by_idx')
    .on('reports')
    .column('uploaded_by')
    .execute();
}
