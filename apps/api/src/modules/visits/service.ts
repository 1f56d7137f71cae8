import {
  visitClosedMessage,
  visitWindow,
  type Appointment,
  type IceServer,
  type SignalRequest,
  type Visit,
  type VisitWindow,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { appointmentOfRoom } from './repo.ts';
import { roomFor } from './rooms.ts';

export interface VisitContext {
  db: Db;
  clock: () => Date;
  /** The appointment as one of its two people sees it; a 404 to anyone else (the appointments module). */
  appointmentFor: (claims: AccessClaims, appointmentId: string) => Promise<Appointment>;
  /** Relays a signal live to the other person (the events module). */
  publish: (
    trx: Executor,
    userIds: readonly string[],
    type: 'signal',
    data: { roomid: string; type: SignalRequest['type']; payload: unknown },
  ) => Promise<void>;
  iceServers: IceServer[];
}

const noSuchRoom = () => new AppError(404, 'not_found', 'There is no such video visit.');
const notOpen = (message: string) => new AppError(409, 'visit_not_open', message);

/** Why this appointment has no video room open now, or null when it has one. */
function whyClosed(
  a: Appointment,
  window: VisitWindow,
  now: Date,
  allowed: readonly Appointment['status'][],
): string | null {
  if (a.type !== 'online') return 'This is an in-person appointment; it has no video visit.';
  if (!allowed.includes(a.status)) {
    if (a.status === 'requested') {
      return 'This appointment has not been accepted yet; its video visit opens once the doctor accepts it.';
    }
    if (a.status === 'cancelled') {
      return 'This appointment was cancelled, so its video visit will not open.';
    }
    return 'This appointment is completed; its video visit has ended.';
  }
  return visitClosedMessage(window, now);
}

/** Video visits: the room of an online appointment and the signalling relayed inside it. */
export function createVisitService({
  db,
  clock,
  appointmentFor,
  publish,
  iceServers,
}: VisitContext) {
  /** The appointment of a room, as one of its two people sees it; to anyone else there is no room. */
  async function appointmentInRoom(claims: AccessClaims, roomId: string): Promise<Appointment> {
    const appointmentId = await appointmentOfRoom(db.kysely, roomId);
    if (!appointmentId) throw noSuchRoom();
    try {
      return await appointmentFor(claims, appointmentId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw noSuchRoom();
      throw error;
    }
  }

  function describe(claims: AccessClaims, a: Appointment, roomId: string, w: VisitWindow): Visit {
    const isPatient = a.patient._id === claims.userId;
    const other = isPatient ? a.doctor : a.patient;
    return {
      roomid: roomId,
      appointmentId: a._id,
      opensat: w.opensAt.toISOString(),
      closesat: w.closesAt.toISOString(),
      iceservers: iceServers,
      role: isPatient ? 'patient' : 'doctor',
      other: { _id: other._id, firstname: other.firstname, lastname: other.lastname },
    };
  }

  return {
    /** Joining an accepted online visit while its window is open; the room is made on first asking. */
    async open(claims: AccessClaims, appointmentId: string): Promise<Visit> {
      const a = await appointmentFor(claims, appointmentId);
      const w = visitWindow(a.start, a.end);
      const closed = whyClosed(a, w, clock(), ['accepted']);
      if (closed) throw notOpen(closed);
      const roomId = await db.kysely.transaction().execute((trx) => roomFor(trx, a._id));
      if (!roomId) throw noSuchRoom();
      return describe(claims, a, roomId, w);
    },

    /** The same, found by its room (the visit page's address). */
    async byRoom(claims: AccessClaims, roomId: string): Promise<Visit> {
      const a = await appointmentInRoom(claims, roomId);
      const w = visitWindow(a.start, a.end);
      const closed = whyClosed(a, w, clock(), ['accepted']);
      if (closed) throw notOpen(closed);
      return describe(claims, a, roomId, w);
    },

    /**
     * Relays one signal to the other participant. A visit the doctor marks completed while the two
     * are still talking keeps relaying until its window closes, so a reconnection is not cut off.
     */
    async signal(claims: AccessClaims, roomId: string, signal: SignalRequest): Promise<void> {
      const a = await appointmentInRoom(claims, roomId);
      const closed = whyClosed(a, visitWindow(a.start, a.end), clock(), ['accepted', 'completed']);
      if (closed) throw notOpen(closed);
      const otherId = a.patient._id === claims.userId ? a.doctor._id : a.patient._id;
      await db.kysely.transaction().execute((trx) =>
        publish(trx, [otherId], 'signal', {
          roomid: roomId,
          type: signal.type,
          payload: signal.payload ?? null,
        }),
      );
    },
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
