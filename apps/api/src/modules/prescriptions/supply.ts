import { refillsLeft } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { fillStatuses, latestFill } from './fills-repo.ts';
import { findPrescription } from './repo.ts';
import { statusAt } from './view.ts';

/**
 * What the "running out" reminder of a prescription needs to know of it (the reminders module), as
 * of `now`, read in the caller's transaction; undefined if it is gone.
 */
export async function prescriptionSupply(trx: Executor, prescriptionId: string, now: Date) {
  const prescription = await findPrescription(trx, prescriptionId);
  if (!prescription) return undefined;
  const status = statusAt(prescription, now);
  const latest = await latestFill(trx, prescriptionId);
  const fillUnderWay =
    latest !== undefined && latest.status !== 'dispensed' && latest.status !== 'refused';
  const renewal =
    prescription.renewal_status === 'requested' || Boolean(prescription.renewed_as_id);
  return {
    patientId: prescription.patient_id,
    doseAmount: prescription.dose_amount_milli / 1000,
    medication: prescription.medication_name,
    doctor: { firstname: prescription.doctor_firstname, lastname: prescription.doctor_lastname },
    /** As of now: an expired one reads as expired. */
    status,
    /** The patient asked already: a fill under way, a renewal waiting for or given by the doctor. */
    askedAgain: fillUnderWay || renewal,
    /** Refills that can still be asked for while it is active (none otherwise); read when asked. */
    refillsLeft: async () =>
      status === 'active'
        ? refillsLeft(prescription.refills, await fillStatuses(trx, prescriptionId))
        : 0,
  };
}
