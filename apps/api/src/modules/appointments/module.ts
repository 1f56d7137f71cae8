import { defineModule } from '../module.ts';
import { appointmentsModuleRoutes } from './routes.ts';
import { createAppointmentService, type AppointmentService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** Each doctor's reviews and next free slot, for the directory cards. */
    directoryStatsOf: AppointmentService['directory']['statsOf'];
    /** Whether a patient and a doctor have a visit together (they may then talk). */
    haveVisitTogether: AppointmentService['haveVisitTogether'];
    /** One appointment as the caller may see it; 404 when it is not theirs. */
    appointmentFor: AppointmentService['get'];
  }
}

/** Appointments: hours, the directory, booking, a visit's life, its fee, receipt and review. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  needs: ['linkOnAcceptedVisit', 'planVisit', 'announceVisitChange'],
  create: ({ db, clock, config }, needs) =>
    createAppointmentService({
      db,
      clock,
      currency: config.currency,
      // Accepting a visit links the pair (care).
      linkOnAccept: needs.linkOnAcceptedVisit,
      // Every change re-plans its reminder and tells the other side, in its own transaction.
      announce: async (trx, change) => {
        await needs.planVisit(trx, change.appointmentId);
        await needs.announceVisitChange(trx, change);
      },
    }),
  provides: (appointments) => ({
    directoryStatsOf: appointments.directory.statsOf.bind(appointments.directory),
    haveVisitTogether: appointments.haveVisitTogether,
    appointmentFor: appointments.get.bind(appointments),
  }),
  routes: (appointments) => ({ care: [appointmentsModuleRoutes(appointments)] }),
});
