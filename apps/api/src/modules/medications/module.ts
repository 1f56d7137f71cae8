import { defineModule } from '../module.ts';
import { medicationRoutes } from './routes.ts';
import { createMedicationService, type MedicationService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** A linked doctor's view of one page of a patient's medications. */
    medicationTrackingOf: MedicationService['trackingOf'];
    /** Doses taken and due over the last days, for each patient. */
    adherenceTotalsOf: MedicationService['adherenceTotalsOf'];
    /** A dispensed prescription on the patient's list, inside the dispensing's transaction. */
    addDispensed: MedicationService['addDispensed'];
    /** A dose ticked, as from the checklist (a reminder's Taken action). */
    recordDose: MedicationService['recordDose'];
  }
}

/** A patient's medications and the daily doses they tick off. */
export const medicationsModule = defineModule({
  name: 'medications',
  needs: ['planDoses', 'publish', 'caregiverIdsWith', 'linkedDoctorIdsOf'],
  create: ({ db, clock }, needs) =>
    createMedicationService(
      db,
      clock,
      // Reminders follow the list: every change re-plans them in its own transaction.
      (trx, patientId, id, onlyDay) => needs.planDoses(trx, patientId, [id], onlyDay),
      // A dose ticked or unticked, by whoever: the open pages of the patient, of every caregiver
      // who sees the medications and of every doctor the patient shares with (their list of
      // patients, today's doses) follow it live. A patient nobody helps or follows gets none: the
      // tab that ticked shows it already, and the most frequent write keeps its cost.
      async (trx, patientId, dose) => {
        const carers = await needs.caregiverIdsWith(trx, patientId, 'medications');
        const doctors = await needs.linkedDoctorIdsOf(trx, patientId);
        if (carers.length === 0 && doctors.length === 0) return;
        await needs.publish(trx, [patientId, ...carers, ...doctors], 'dose', {
          patientId,
          ...dose,
        });
      },
    ),
  provides: (medications) => ({
    medicationTrackingOf: medications.trackingOf.bind(medications),
    adherenceTotalsOf: medications.adherenceTotalsOf.bind(medications),
    addDispensed: medications.addDispensed.bind(medications),
    recordDose: medications.recordDose.bind(medications),
  }),
  routes: (medications) => ({ care: [medicationRoutes(medications)] }),
});
