import {
  MAX_ACTIVE_MEDICATIONS,
  MAX_MEDICATIONS,
  localDate,
  type DoseEvent,
  type Medication,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { timeZoneOf } from '../../db/time-zone.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { countMedicationsOf, findMedicationOf, findMedicationWithTakenOn } from './repo.ts';
import { toMedication } from './view.ts';

/** Called inside every transaction that adds, changes, ticks or deletes a medication (reminders re-plan). */
export type OnMedicationChange = (
  trx: Executor,
  patientId: string,
  medicationId: string,
  /** Only this day's dose changed (a tick): its reminders alone need planning again. */
  onlyDay?: string,
) => Promise<void>;

/**
 * Called last in every transaction that ticks or unticks a dose: the live event to the patient's
 * and their caregivers' open pages.
 */
export type OnDose = (
  trx: Executor,
  patientId: string,
  dose: Omit<DoseEvent, 'patientId'>,
) => Promise<void>;

export interface MedicationContext {
  db: Db;
  clock: () => Date;
  onChange: OnMedicationChange;
  onDose: OnDose;
}

export const notFound = () => new AppError(404, 'not_found', 'There is no such medication.');

/** The patient's today, in their time zone. */
export async function todayOf(
  { db, clock }: MedicationContext,
  patientId: string,
  executor: Executor = db.kysely,
): Promise<string> {
  return localDate(clock(), await timeZoneOf(executor, patientId));
}

/** The patient's own medication, or a 404. */
export async function owned(
  { db }: MedicationContext,
  patientId: string,
  id: string,
  executor: Executor = db.kysely,
) {
  const row = await findMedicationOf(executor, patientId, id);
  if (!row) throw notFound();
  return row;
}

/** The patient's own medication as answered, with whether today's dose is taken. */
export async function getMedication(
  ctx: MedicationContext,
  patientId: string,
  id: string,
): Promise<Medication> {
  const row = await findMedicationWithTakenOn(
    ctx.db.kysely,
    patientId,
    id,
    await todayOf(ctx, patientId),
  );
  if (!row) throw notFound();
  return toMedication(row, Boolean(row.taken_on_day));
}

export const isActiveOn = (window: { enddate: string | null }, day: string) =>
  window.enddate === null || window.enddate >= day;

/**
 * Checked inside the writing transaction, with the patient's row held, so racing requests cannot add
 * past a cap. `adding`: a new medication (counts towards the total); `active`: one that will be
 * current on `day` (counts towards the active cap).
 */
export async function assertRoomFor(
  { db }: MedicationContext,
  trx: Executor,
  patientId: string,
  day: string,
  room: { adding: boolean; active: boolean },
): Promise<void> {
  await lockPerson(trx, db.dialect, patientId);
  const count = await countMedicationsOf(trx, patientId, day);
  if (room.active && count.active >= MAX_ACTIVE_MEDICATIONS) {
    throw new AppError(
      409,
      'too_many_medications',
      `You already have ${MAX_ACTIVE_MEDICATIONS} current medications, the most Tend keeps. End or delete one you no longer take first.`,
    );
  }
  if (room.adding && count.total >= MAX_MEDICATIONS) {
    throw new AppError(
      409,
      'too_many_medications',
      `You already have ${MAX_MEDICATIONS} medications in all, the most Tend keeps. Delete ones you no longer need first.`,
    );
  }
}
