import { defineModule } from '../module.ts';
import { eventRoutes } from './routes.ts';
import { createEventsService, type EventsService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** A live event to these people's open tabs, sent when the transaction it is in commits. */
    publish: EventsService['publish'];
    /** Ends the open streams of ended sessions (their tabs then sign out). */
    endStreamsOf: EventsService['hub']['endSessions'];
  }
}

/** Live events: what changes for a person reaches their open tabs (server-sent events). */
export const eventsModule = defineModule({
  name: 'events',
  needs: [],
  create: ({ db, config, log, clock }) =>
    createEventsService({ db, database: config.database, log, clock }),
  provides: (events) => ({
    publish: (trx, userIds, type, data) => events.publish(trx, userIds, type, data),
    endStreamsOf: (ended) => events.hub.endSessions(ended),
  }),
  routes: (events) => ({ signedIn: [eventRoutes(events)] }),
  // Open streams never end by themselves: end them first, or closing would wait for them.
  life: (events) => ({ preClose: () => events.endStreams(), onClose: () => events.close() }),
  // Tests publish through it directly.
  decorations: (events) => ({ liveEvents: events }),
});
