import { defineModule } from '../module.ts';
import { messageDelivery } from './delivery.ts';
import { messagingRoutes } from './routes.ts';
import { createMessagingService } from './service.ts';

/** Conversations between a patient and a doctor who share a care link or a visit. */
export const messagingModule = defineModule({
  name: 'messaging',
  needs: ['isLinked', 'haveVisitTogether', 'publish', 'notify'],
  create: ({ db, clock, counters }, needs) =>
    createMessagingService({
      db,
      clock,
      counters,
      mayTalk: async (patientId, doctorId) =>
        (await needs.isLinked(patientId, doctorId)) || needs.haveVisitTogether(patientId, doctorId),
      delivery: messageDelivery(needs.publish, needs.notify),
    }),
  routes: (messaging) => ({ care: [messagingRoutes(messaging)] }),
});
