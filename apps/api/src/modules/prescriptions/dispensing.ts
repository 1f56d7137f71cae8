import type { TimeFrequency } from '@tend/shared';
import { timesOfDay } from '../../lib/times-of-day.ts';
import type { PrescriptionRow } from './repo.ts';

/**
 * What a dispensed fill hands to the patient's medication list (the medications module takes it,
 * wired in app.ts as the context's `addDispensed`).
 */
export interface DispensedMedication {
  prescriptionId: string;
  /** The prescriptions this one renews, newest first: the treatment this fill continues. */
  renews: string[];
  name: string;
  description: string | null;
  dosage: string;
  note: string | null;
  /** Whole units handed over for each time of day's doses. */
  supplies: Array<{ timefrequency: TimeFrequency; units: number }>;
}

/**
 * Shares the units of one fill among the times of day the dose names. Tend's list keeps one
 * medication per time of day (its reminders and the day's checklist work that way), so each gets
 * its own supply: equal whole shares, the units left over going to the earliest times of the day
 * (60 tablets, day and night → 30 and 30; 61 → 31 and 30). Whole units, because a fill hands out
 * a whole quantity; a dose of half a tablet still takes its half from its own time's share.
 */
export function shareSupply(
  quantity: number,
  times: readonly TimeFrequency[],
): Array<{ timefrequency: TimeFrequency; units: number }> {
  const each = Math.floor(quantity / times.length);
  const over = quantity - each * times.length;
  return times.map((timefrequency, i) => ({ timefrequency, units: each + (i < over ? 1 : 0) }));
}

/** "1 tablet", "2.5 ml": the dose as the medication list's dosage. */
function dosageOf(row: PrescriptionRow): string {
  const amount = row.dose_amount_milli / 1000;
  return `${String(amount)} ${row.dose_unit}`;
}

/**
 * What one dispensed fill puts on the patient's list: the medication's name, the instructions as
 * its description (the list shows it as "Prescription"), the dose as its dosage, and the strength
 * and form as its note, one per time of day with its share of the units. `renews`: the
 * prescriptions it renews, newest first, whose medications it continues.
 */
export function dispensedMedication(row: PrescriptionRow, renews: string[]): DispensedMedication {
  return {
    prescriptionId: row.id,
    renews,
    name: row.medication_name,
    description: row.instructions,
    dosage: dosageOf(row),
    note: `${row.medication_strength} ${row.medication_form}`,
    supplies: shareSupply(row.quantity, timesOfDay(row.times_of_day)),
  };
}
