import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/schema.ts';
import { giveRoomUnlessSet, roomOfAppointment } from '../visits/repo.ts';

/**
 * An online visit's room id for a reminder's join link, made now if nobody asked yet. The same rule
 * as the visits module (128 random bits, set once even when two ask at once); its service answers
 * only a signed-in participant inside the visit window, and a reminder is sent by a job before it.
 */
export async function visitRoomFor(trx: Executor, appointmentId: string): Promise<string | null> {
  await giveRoomUnlessSet(trx, appointmentId, randomBytes(16).toString('base64url'));
  return roomOfAppointment(trx, appointmentId);
}
