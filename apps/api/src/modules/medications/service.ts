import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import {
  getMedication,
  todayOf,
  type MedicationContext,
  type OnDose,
  type OnMedicationChange,
} from './context.ts';
import { changeService } from './changes.ts';
import { dispensedService } from './dispensed.ts';
import { historyService } from './history.ts';
import { ownListService } from './own-list.ts';

export type { DispensedMedication } from './dispensed.ts';

/**
 * A patient's medications and doses. Every function takes the patient's id from the session, and every
 * query is scoped by it: there is no path from here to another patient's rows.
 */
export function createMedicationService(
  db: Db,
  clock: () => Date,
  /** Called inside every transaction that adds, changes, ticks or deletes a medication (reminders re-plan). */
  onChange: OnMedicationChange = async () => {},
  /** Called last in every transaction that ticks or unticks a dose (the live event). */
  onDose: OnDose = async () => {},
) {
  const ctx: MedicationContext = { db, clock, onChange, onDose };
  return {
    today: (patientId: string, executor?: Executor) => todayOf(ctx, patientId, executor),
    get: (patientId: string, id: string) => getMedication(ctx, patientId, id),
    ...ownListService(ctx),
    ...changeService(ctx),
    ...dispensedService(ctx),
    ...historyService(ctx),
  };
}

export type MedicationService = ReturnType<typeof createMedicationService>;
