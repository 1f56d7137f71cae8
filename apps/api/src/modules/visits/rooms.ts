import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/schema.ts';
import { giveRoomUnlessSet, roomOfAppointment } from './repo.ts';

/** 128 random bits: nobody finds a room by guessing. */
export const newRoomId = () => randomBytes(16).toString('base64url');

/**
 * An online visit's room id, made now if nobody asked yet (set once even when two ask at once).
 * The visit's page asks it through the service, inside the visit window; a reminder's join link
 * asks it from a job before (wired in app.ts).
 */
export async function roomFor(trx: Executor, appointmentId: string): Promise<string | null> {
  await giveRoomUnlessSet(trx, appointmentId, newRoomId());
  return roomOfAppointment(trx, appointmentId);
}
