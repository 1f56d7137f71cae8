import type { Executor } from '../../db/schema.ts';

/**
 * Gives each of these appointments its room id unless it has one, and reads back the rooms they
 * have. The condition sits in the update itself, so of two first requests at once the second changes
 * nothing (on PostgreSQL it waits for the first's row lock, then finds the column set) and both read
 * back the same room.
 */
export async function giveRoomsUnlessSet(
  trx: Executor,
  rooms: Array<{ appointmentId: string; roomId: string }>,
): Promise<Map<string, string>> {
  if (rooms.length === 0) return new Map();
  for (const { appointmentId, roomId } of rooms) {
    await trx
      .updateTable('appointments')
      .set({ visit_room_id: roomId })
      .where('id', '=', appointmentId)
      .where('visit_room_id', 'is', null)
      .execute();
  }
  const rows = await trx
    .selectFrom('appointments')
    .select(['id', 'visit_room_id'])
    .where(
      'id',
      'in',
      rooms.map((r) => r.appointmentId),
    )
    .execute();
  return new Map(rows.flatMap((r) => (r.visit_room_id ? [[r.id, r.visit_room_id]] : [])));
}

export async function appointmentOfRoom(db: Executor, roomId: string): Promise<string | null> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('visit_room_id', '=', roomId)
    .executeTakeFirst();
  return row?.id ?? null;
}
