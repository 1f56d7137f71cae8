import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';
import type { Dialect } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // An online visit's video room: 128 random bits, made on the first request while it is open, so a
  // visit nobody joins never gets one. Signals address the room by it, hence the unique index.
  await db.schema.alterTable('appointments').addColumn('visit_room_id', t.text).execute();
  await db.schema
    .createIndex('appointments_visit_room_unique')
    .on('appointments')
    .column('visit_room_id')
    .unique()
    .execute();
}
