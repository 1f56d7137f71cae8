import type { Executor } from '../../db/schema.ts';

/**
 * Gives the appointment this room id unless it already has one. The condition sits in the update
 * itself, so of two first requests at once the second changes nothing (on PostgreSQL it waits for
 * the first's row lock, then finds the column set) and both read back the same room.
 */
export async function giveRoomUnlessSet(
  trx: Executor,
  appointmentId: string,
  roomId: string,
): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ visit_room_id: roomId })
    .where('id', '=', appointmentId)
    .where('visit_room_id', 'is', null)
    .execute();
}

export async function roomOfAppointment(
  db: Executor,
  appointmentId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('appointments')
    .select('visit_room_id')
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  return row?.visit_room_id ?? null;
}

export async function appointmentOfRoom(db: Executor, roomId: string): Promise<string | null> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('visit_room_id', '=', roomId)
    .executeTakeFirst();
  return row?.id ?? null;
}
