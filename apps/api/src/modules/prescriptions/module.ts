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
  needs: [
    'isLinked',
    'announcePrescription',
    'isListedPharmacy',
    'addDispensed',
    'planRunOut',
    'publish',
    'caregiverIdsWith',
  ],
  create: ({ db, clock, counters }, needs) => ({
    prescriptions: createPrescriptionService({
      db,
      clock,
      isLinked: needs.isLinked,
      // Every change is told (notifications) and followed live by the open pages of the people it
      // concerns: the patient, the prescribing doctor, the pharmacy it is sent to and the patient's
      // caregivers with `prescriptions` (the pharmacy queue, the patient's cards, the doctor's list).
      announce: async (trx, notice) => {
        await needs.announcePrescription(trx, notice);
        const carers = await needs.caregiverIdsWith(trx, notice.patientId, 'prescriptions');
        const pharmacies = [notice.pharmacyId, notice.previousPharmacyId].filter(
          (id): id is string => typeof id === 'string',
        );
        await needs.publish(
          trx,
          [notice.patientId, notice.doctorId, ...pharmacies, ...carers],
          'prescription',
          {
            prescriptionId: notice.prescriptionId,
            patientId: notice.patientId,
            change: notice.change,
          },
        );
      },
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
