import { defineModule } from '../module.ts';
import { prescriptionRoutes } from './routes.ts';
import { createPrescriptionService } from './service.ts';
import { prescriptionSupply } from './supply.ts';
import { createVerifyService } from './verify.ts';
import { verifyRoutes } from './verify-routes.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** What a dispensed prescription's supply covers, for its "running out" reminder. */
    prescriptionSupply: typeof prescriptionSupply;
  }
}

/** Prescriptions: written by a doctor, sent by the patient, prepared and dispensed by a pharmacy. */
export const prescriptionsModule = defineModule({
  name: 'prescriptions',
  needs: ['isLinked', 'announcePrescription', 'isListedPharmacy', 'addDispensed', 'planRunOut'],
  create: ({ db, clock, counters }, needs) => ({
    prescriptions: createPrescriptionService({
      db,
      clock,
      isLinked: needs.isLinked,
      announce: needs.announcePrescription,
      isListedPharmacy: needs.isListedPharmacy,
      // Dispensing puts the medication on the patient's list (and re-plans its reminders)
      // and plans the "running out" reminder of its supply.
      addDispensed: async (trx, patientId, dispensed) => {
        await needs.addDispensed(trx, patientId, dispensed);
        await needs.planRunOut(trx, dispensed.prescriptionId);
      },
    }),
    verification: createVerifyService({ db, clock, counters }),
  }),
  provides: () => ({ prescriptionSupply }),
  // Prescriptions reach a pharmacy too (those sent to it): each route's gate names the roles it
  // serves, and the service names every role it serves.
  routes: ({ prescriptions, verification }) => ({
    signedIn: [prescriptionRoutes(prescriptions), verifyRoutes(verification)],
  }),
});
