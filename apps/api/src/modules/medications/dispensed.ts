import {
  MAX_ACTIVE_MEDICATIONS,
  MAX_MEDICATIONS,
  type MedicationData,
  type TimeFrequency,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { todayOf, type MedicationContext } from './context.ts';
import {
  addSupply,
  countMedicationsOf,
  insertMedication,
  runningFromPrescriptions,
  updateMedication,
} from './repo.ts';

/**
 * What a pharmacy's dispensing puts on the patient's list: a medication's words, and the units
 * handed over for each time of day. The prescriptions module hands it in (wired in app.ts).
 */
export interface DispensedMedication extends Pick<
  MedicationData,
  'name' | 'description' | 'dosage' | 'note'
> {
  prescriptionId: string;
  /**
   * The prescriptions this one renews, newest first: the medications they put on the list are
   * the same treatment, which this fill continues rather than adding a second of.
   */
  renews: string[];
  supplies: Array<{ timefrequency: TimeFrequency; units: number }>;
}

/** The dispensing's effect on the list, inside the pharmacy's transaction. */
export function dispensedService(ctx: MedicationContext) {
  const { db, clock, onChange } = ctx;

  return {
    /**
     * A dispensing's medications, inside the pharmacy's transaction: a time of day the prescription
     * (or one it renews) already has a running medication for gets the new units added to its
     * supply (a refill; after a renewal the medication moves to the new prescription, with its
     * words); any other gets a new medication starting today. Beyond a cap nothing is written: a
     * 409 in words makes the caller's transaction roll back, dispensing and all.
     */
    async addDispensed(trx: Executor, patientId: string, dispensed: DispensedMedication) {
      const now = clock().toISOString();
      await lockPerson(trx, db.dialect, patientId);
      const day = await todayOf(ctx, patientId, trx);
      const prescriptions = [dispensed.prescriptionId, ...dispensed.renews];
      const running = await runningFromPrescriptions(trx, patientId, prescriptions, day);
      // The prescription's own medications first, then the newest renewed one's.
      running.sort(
        (a, b) =>
          prescriptions.indexOf(a.prescription_id ?? '') -
          prescriptions.indexOf(b.prescription_id ?? ''),
      );
      const fresh = dispensed.supplies.filter(
        (s) => !running.some((r) => r.timefrequency === s.timefrequency),
      );
      const count = await countMedicationsOf(trx, patientId, day);
      if (
        fresh.length > 0 &&
        (count.active + fresh.length > MAX_ACTIVE_MEDICATIONS ||
          count.total + fresh.length > MAX_MEDICATIONS)
      ) {
        throw new AppError(
          409,
          'medication_list_full',
          `The patient's medication list is full (Tend keeps at most ${MAX_ACTIVE_MEDICATIONS} current and ${MAX_MEDICATIONS} in all), so this medication cannot be added to it. Nothing was dispensed: the patient has to end or delete medications they no longer take first.`,
        );
      }
      const words = {
        name: dispensed.name,
        description: dispensed.description,
        dosage: dispensed.dosage,
        note: dispensed.note,
      };
      for (const supply of dispensed.supplies) {
        const existing = running.find((r) => r.timefrequency === supply.timefrequency);
        let id;
        if (existing) {
          id = existing.id;
          await addSupply(trx, id, supply.units, now);
          if (existing.prescription_id !== dispensed.prescriptionId) {
            // Its refill reminders and requests now go to the renewal.
            await updateMedication(trx, id, {
              ...words,
              prescription_id: dispensed.prescriptionId,
              updated_at: now,
            });
          }
        } else {
          id = newId();
          await insertMedication(trx, {
            id,
            patient_id: patientId,
            ...words,
            startdate: day,
            enddate: null,
            timefrequency: supply.timefrequency,
            prescription_id: dispensed.prescriptionId,
            supply: supply.units,
            created_at: now,
            updated_at: now,
          });
        }
        await onChange(trx, patientId, id);
      }
    },
  };
}
