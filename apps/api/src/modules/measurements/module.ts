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
  needs: ['isLinked', 'notify'],
  create: ({ db, clock }, needs) =>
    createMeasurementService({ db, clock, isLinked: needs.isLinked, notify: needs.notify }),
  provides: (measurements) => ({
    outsideTargetsOf: measurements.outsideTargetsOf.bind(measurements),
  }),
  routes: (measurements) => ({ care: [measurementRoutes(measurements)] }),
});
