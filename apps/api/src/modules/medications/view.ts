import type { Medication } from '@tend/shared';
import type { MedicationRow } from './repo.ts';

export function toMedication(row: MedicationRow, takenToday: boolean): Medication {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    dosage: row.dosage,
    note: row.note,
    startdate: row.startdate,
    enddate: row.enddate,
    timefrequency: row.timefrequency,
    taken: takenToday,
    prescriptionId: row.prescription_id,
    supply: row.supply,
  };
}
