import { defineModule } from '../module.ts';
import { roomFor, roomsFor } from './rooms.ts';
import { visitRoutes } from './routes.ts';
import { createVisitService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** An online visit's room, made now if it has none (a reminder's join link). */
    visitRoomOf: typeof roomFor;
    /** The rooms of these online visits, made now if none yet (calendar feeds). */
    visitRoomsOf: typeof roomsFor;
  }
}

/** Video visits: the room of an online appointment; signals go to the other side as live events. */
export const visitsModule = defineModule({
  name: 'visits',
  needs: ['appointmentFor', 'publish'],
  create: ({ db, clock, config }, needs) =>
    createVisitService({
      db,
      clock,
      appointmentFor: needs.appointmentFor,
      publish: needs.publish,
      iceServers: config.iceServers,
    }),
  provides: () => ({ visitRoomOf: roomFor, visitRoomsOf: roomsFor }),
  routes: (visits) => ({ care: [visitRoutes(visits)] }),
});
