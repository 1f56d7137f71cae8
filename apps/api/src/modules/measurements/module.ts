import { defineModule } from '../module.ts';
import { measurementRoutes } from './routes.ts';
import { createMeasurementService, type MeasurementService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** For each patient, the kinds with a recent reading outside this doctor's targets. */
    outsideTargetsOf: MeasurementService['outsideTargetsOf'];
  }
}

/** Readings of a patient's body; one outside a doctor's target notifies that doctor. */
export const measurementsModule = defineModule({
  name: 'measurements',
  needs: ['isLinked', 'notify', 'publish', 'linkedDoctorIdsOf'],
  create: ({ db, clock }, needs) =>
    createMeasurementService({
      db,
      clock,
      isLinked: needs.isLinked,
      notify: needs.notify,
      // The patient's other tabs and the doctors they share with (their list of patients and its
      // "outside your target" flags) follow every reading recorded or deleted.
      readingChanged: async (trx, patientId, change) => {
        const doctors = await needs.linkedDoctorIdsOf(trx, patientId);
        await needs.publish(trx, [patientId, ...doctors], 'reading', { patientId, change });
      },
    }),
  provides: (measurements) => ({
    outsideTargetsOf: measurements.outsideTargetsOf.bind(measurements),
  }),
  routes: (measurements) => ({ care: [measurementRoutes(measurements)] }),
});
