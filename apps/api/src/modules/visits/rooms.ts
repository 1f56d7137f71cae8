import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/schema.ts';
import { giveRoomsUnlessSet } from './repo.ts';

/** 128 random bits: nobody finds a room by guessing. */
const newRoomId = () => randomBytes(16).toString('base64url');

/**
 * The video rooms of these online visits, each made now if nobody asked yet (set once even when two
 * ask at once): appointment id → room id. The visit's page asks through the service, inside the
 * visit window; a reminder's join link and a calendar feed ask before it (wired in app.ts). The room
 * still admits only the two participants while the visit is open.
 */
export function roomsFor(trx: Executor, appointmentIds: string[]): Promise<Map<string, string>> {
  return giveRoomsUnlessSet(
    trx,
    appointmentIds.map((appointmentId) => ({ appointmentId, roomId: newRoomId() })),
  );
}

/** One visit's room, made now if nobody asked yet. */
export async function roomFor(trx: Executor, appointmentId: string): Promise<string | null> {
  return (await roomsFor(trx, [appointmentId])).get(appointmentId) ?? null;
}
