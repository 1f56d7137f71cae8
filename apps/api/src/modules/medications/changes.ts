import {
  isDueOn,
  localDate,
  type Dose,
  type Medication,
  type MedicationChanges,
  type MedicationData,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  assertRoomFor,
  getMedication,
  isActiveOn,
  notFound,
  owned,
  todayOf,
  type MedicationContext,
} from './context.ts';
import {
  deleteMedication,
  findMedicationWithZone,
  insertMedication,
  updateMedication,
  upsertDose,
} from './repo.ts';
import { toMedication } from './view.ts';

/** A patient's medication and their today, in one read: a tick, the most frequent write, needs both. */
async function ownedWithToday(
  { clock }: MedicationContext,
  patientId: string,
  id: string,
  executor: Executor,
) {
  const row = await findMedicationWithZone(executor, patientId, id);
  if (!row) throw notFound();
  const { patient_timezone: timeZone, ...medication } = row;
  return { current: medication, day: localDate(clock(), timeZone) };
}

function assertWindow(startdate: string, enddate: string | null) {
  if (enddate !== null && enddate < startdate) {
    throw new AppError(400, 'invalid_input', 'The end date cannot be before the start date.', {
      enddate: 'The end date cannot be before the start date.',
    });
  }
}

/** The patient's own changes: adding, editing (and the daily tick), deleting, recording a day's dose. */
export function changeService(ctx: MedicationContext) {
  const { db, clock, onChange, onDose } = ctx;

  return {
    async create(patientId: string, input: MedicationData): Promise<Medication> {
      const now = clock().toISOString();
      const id = newId();
      await db.kysely.transaction().execute(async (trx) => {
        const day = await todayOf(ctx, patientId, trx);
        await assertRoomFor(ctx, trx, patientId, day, {
          adding: true,
          active: isActiveOn(input, day),
        });
        await insertMedication(trx, {
          id,
          patient_id: patientId,
          ...input,
          created_at: now,
          updated_at: now,
        });
        await onChange(trx, patientId, id);
      });
      return getMedication(ctx, patientId, id);
    },

    /** PUT replaces every field; PATCH changes what is sent, and `taken` records today's dose. */
    async update(patientId: string, id: string, changes: MedicationChanges): Promise<Medication> {
      const { taken, ...fields } = changes;
      // Only `taken` (the daily checklist's tick): the medication itself is not edited, and what
      // is answered is known once the dose is written.
      const tickOnly = Object.keys(fields).length === 0 && taken !== undefined;
      const ticked = await db.kysely.transaction().execute(async (trx) => {
        const { current, day } = await ownedWithToday(ctx, patientId, id, trx);
        const enddate = fields.enddate === undefined ? current.enddate : fields.enddate;
        assertWindow(fields.startdate ?? current.startdate, enddate);
        if (!isActiveOn(current, day) && isActiveOn({ enddate }, day)) {
          await assertRoomFor(ctx, trx, patientId, day, { adding: false, active: true });
        }
        if (!tickOnly) {
          await updateMedication(trx, id, { ...fields, updated_at: clock().toISOString() });
        }
        if (taken !== undefined) {
          const window = {
            startdate: fields.startdate ?? current.startdate,
            enddate: fields.enddate === undefined ? current.enddate : fields.enddate,
          };
          if (!isDueOn(window, day)) {
            throw new AppError(
              400,
              'not_due_today',
              'This medication is not scheduled for today, so today’s dose cannot be recorded.',
              {
                taken: 'This medication is not scheduled for today.',
              },
            );
          }
          await upsertDose(trx, id, day, taken, clock());
        }
        // A tick changes only that day's reminders; an edit may move any of them.
        await onChange(trx, patientId, id, tickOnly ? day : undefined);
        if (taken !== undefined)
          await onDose(trx, patientId, { medicationId: id, date: day, taken });
        return tickOnly ? toMedication(current, taken) : undefined;
      });
      return ticked ?? getMedication(ctx, patientId, id);
    },

    async remove(patientId: string, id: string): Promise<void> {
      await db.kysely.transaction().execute(async (trx) => {
        await owned(ctx, patientId, id, trx);
        await deleteMedication(trx, id); // its doses go with it (cascade)
        await onChange(trx, patientId, id);
      });
    },

    /** Records any day's dose inside the medication's window, never a day still to come. */
    async recordDose(patientId: string, id: string, date: string, taken: boolean): Promise<Dose> {
      await db.kysely.transaction().execute(async (trx) => {
        const medication = await owned(ctx, patientId, id, trx);
        if (date > (await todayOf(ctx, patientId, trx))) {
          throw new AppError(
            400,
            'future_date',
            'A dose cannot be recorded for a day that has not come yet.',
            {
              date: 'This day has not come yet.',
            },
          );
        }
        if (!isDueOn(medication, date)) {
          throw new AppError(
            400,
            'outside_window',
            'This day is outside the medication’s start and end dates.',
            {
              date: 'This day is outside the medication’s start and end dates.',
            },
          );
        }
        await upsertDose(trx, id, date, taken, clock());
        await onChange(trx, patientId, id);
        await onDose(trx, patientId, { medicationId: id, date, taken });
      });
      return { date, taken };
    },
  };
}
