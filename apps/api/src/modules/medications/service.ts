import {
  MAX_ACTIVE_MEDICATIONS,
  MAX_MEDICATIONS,
  addDays,
  adherence,
  isDueOn,
  localDate,
  sumAdherence,
  type Dose,
  type PageRequest,
  type Medication,
  type MedicationData,
  type MedicationChanges,
  type TimeFrequency,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { batchedReads } from '../../lib/batched-reads.ts';
import { lockPerson } from '../../lib/person-lock.ts';
import {
  addSupply,
  countMedicationsOf,
  deleteMedication,
  findMedicationOf,
  findMedicationWithZone,
  findMedicationWithTakenOn,
  insertMedication,
  listMedicationsOf,
  listOwnMedications,
  listStateQuery,
  listStatesQuery,
  medicationsDuring,
  ownListQueries,
  runningFromPrescriptions,
  takenDatesOf,
  updateMedication,
  upsertDose,
  adherenceRowsOf,
} from './repo.ts';
import { createListCache } from './list-cache.ts';
import { toMedication } from './view.ts';
import { TRACKING_HISTORY_DAYS, toTrackedMedication } from './tracking.ts';

/** What a pharmacy's dispensing puts on the patient's list (modules/prescriptions/dispensing.ts). */
export interface DispensedMedication {
  prescriptionId: string;
  /**
   * The prescriptions this one renews, newest first: the medications they put on the list are
   * the same treatment, which this fill continues rather than adding a second of.
   */
  renews: string[];
  name: string;
  description: string | null;
  dosage: string;
  note: string | null;
  /** Whole units handed over for each time of day's doses. */
  supplies: Array<{ timefrequency: TimeFrequency; units: number }>;
}

const stateOf = (row: { medications_version: number; timezone: string }) => ({
  version: row.medications_version,
  timezone: row.timezone,
});

const notFound = () => new AppError(404, 'not_found', 'There is no such medication.');
const MAX_HISTORY_DAYS = 366;
const MAX_KEPT_STATES = 10_000;

async function timeZoneOf(db: Executor, patientId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', patientId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

/**
 * A patient's medications and doses. Every function takes the patient's id from the session, and every
 * query is scoped by it: there is no path from here to another patient's rows.
 */
export function createMedicationService(
  db: Db,
  clock: () => Date,
  /** Called inside every transaction that adds, changes, ticks or deletes a medication (reminders re-plan). */
  onChange: (
    trx: Executor,
    patientId: string,
    medicationId: string,
    /** Only this day's dose changed (a tick): its reminders alone need planning again. */
    onlyDay?: string,
  ) => Promise<void> = async () => {},
) {
  const ownList = ownListQueries(db.kysely);
  // One prepared statement on SQLite; on PostgreSQL the reads of one turn share a round trip.
  const readListState = db.dialect === 'postgres' ? batchedListStates() : oneListState();
  function batchedListStates() {
    const listStates = listStatesQuery(db.kysely);
    return batchedReads(async (patientIds) => {
      const { rows } = await listStates(db.kysely, { patientIds });
      return new Map(rows.map((r) => [r.id, stateOf(r)]));
    });
  }
  function oneListState() {
    const listState = listStateQuery(db.kysely);
    return async (patientId: string) => {
      const [row] = (await listState(db.kysely, { patientId })).rows;
      return row ? stateOf(row) : undefined;
    };
  }
  // SQLite: the version and time zone read last, while the database is unchanged.
  const keptStates = keptWhileUnchanged<{ version: number; timezone: string }>(db, MAX_KEPT_STATES);
  const listCache = createListCache();

  async function today(patientId: string, executor: Executor = db.kysely) {
    return localDate(clock(), await timeZoneOf(executor, patientId));
  }

  /** A patient's medication and their today, in one read: a tick, the most frequent write, needs both. */
  async function ownedWithToday(patientId: string, id: string, executor: Executor) {
    const row = await findMedicationWithZone(executor, patientId, id);
    if (!row) throw notFound();
    const { patient_timezone: timeZone, ...medication } = row;
    return { current: medication, day: localDate(clock(), timeZone) };
  }

  async function owned(patientId: string, id: string, executor: Executor = db.kysely) {
    const row = await findMedicationOf(executor, patientId, id);
    if (!row) throw notFound();
    return row;
  }

  async function get(patientId: string, id: string): Promise<Medication> {
    const row = await findMedicationWithTakenOn(db.kysely, patientId, id, await today(patientId));
    if (!row) throw notFound();
    return toMedication(row, Boolean(row.taken_on_day));
  }

  const isActiveOn = (window: { enddate: string | null }, day: string) =>
    window.enddate === null || window.enddate >= day;

  /**
   * Checked inside the writing transaction, with the patient's row held, so racing requests cannot add
   * past a cap. `adding`: a new medication (counts towards the total); `active`: one that will be
   * current on `day` (counts towards the active cap).
   */
  async function assertRoomFor(
    trx: Executor,
    patientId: string,
    day: string,
    room: { adding: boolean; active: boolean },
  ) {
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

  function assertWindow(startdate: string, enddate: string | null) {
    if (enddate !== null && enddate < startdate) {
      throw new AppError(400, 'invalid_input', 'The end date cannot be before the start date.', {
        enddate: 'The end date cannot be before the start date.',
      });
    }
  }

  /** The list's version and the patient's today: what a kept page must match. */
  async function listStateOf(patientId: string, now: Date) {
    const stamp = keptStates.stamp();
    let state = keptStates.get(patientId, stamp);
    if (!state) {
      state = (await readListState(patientId)) ?? { version: 0, timezone: 'UTC' };
      keptStates.set(patientId, state, stamp);
    }
    return { version: state.version, day: localDate(now, state.timezone) };
  }

  return {
    today,

    /**
     * The patient's own list. Asks only for the list's version and the time zone, and answers from
     * the pages kept for that version and today; otherwise one compiled query, time zone and today's
     * doses included. The version is read first, so a kept page is never older than its version.
     */
    async list(patientId: string, page: PageRequest) {
      const now = clock();
      const state = await listStateOf(patientId, now);
      const kept = listCache.get(patientId, state.version, state.day, page);
      if (kept) return kept;
      const { rows, nextCursor } = await listOwnMedications(
        db.kysely,
        ownList,
        patientId,
        now,
        page,
      );
      const medications: Medication[] = rows.map((r) => toMedication(r, Boolean(r.taken_on_day)));
      const listed = { medications, nextCursor };
      listCache.set(patientId, state.version, state.day, page, listed);
      return listed;
    },

    get,

    async create(patientId: string, input: MedicationData): Promise<Medication> {
      const now = clock().toISOString();
      const id = newId();
      await db.kysely.transaction().execute(async (trx) => {
        const day = await today(patientId, trx);
        await assertRoomFor(trx, patientId, day, { adding: true, active: isActiveOn(input, day) });
        await insertMedication(trx, {
          id,
          patient_id: patientId,
          ...input,
          created_at: now,
          updated_at: now,
        });
        await onChange(trx, patientId, id);
      });
      return get(patientId, id);
    },

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
      const day = await today(patientId, trx);
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

    /** PUT replaces every field; PATCH changes what is sent, and `taken` records today's dose. */
    async update(patientId: string, id: string, changes: MedicationChanges): Promise<Medication> {
      const { taken, ...fields } = changes;
      // Only `taken` (the daily checklist's tick): the medication itself is not edited, and what
      // is answered is known once the dose is written.
      const tickOnly = Object.keys(fields).length === 0 && taken !== undefined;
      const ticked = await db.kysely.transaction().execute(async (trx) => {
        const { current, day } = await ownedWithToday(patientId, id, trx);
        const enddate = fields.enddate === undefined ? current.enddate : fields.enddate;
        assertWindow(fields.startdate ?? current.startdate, enddate);
        if (!isActiveOn(current, day) && isActiveOn({ enddate }, day)) {
          await assertRoomFor(trx, patientId, day, { adding: false, active: true });
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
        return tickOnly ? toMedication(current, taken) : undefined;
      });
      return ticked ?? get(patientId, id);
    },

    async remove(patientId: string, id: string): Promise<void> {
      await db.kysely.transaction().execute(async (trx) => {
        await owned(patientId, id, trx);
        await deleteMedication(trx, id); // its doses go with it (cascade)
        await onChange(trx, patientId, id);
      });
    },

    /** Records any day's dose inside the medication's window, never a day still to come. */
    async recordDose(patientId: string, id: string, date: string, taken: boolean): Promise<Dose> {
      await db.kysely.transaction().execute(async (trx) => {
        const medication = await owned(patientId, id, trx);
        if (date > (await today(patientId, trx))) {
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
      });
      return { date, taken };
    },

    async history(
      patientId: string,
      id: string,
      range: { from?: string | undefined; to?: string | undefined },
    ) {
      const medication = await owned(patientId, id);
      const to = range.to ?? (await today(patientId));
      const from = range.from ?? addDays(to, -29);
      if (addDays(from, MAX_HISTORY_DAYS) <= to) {
        throw new AppError(
          400,
          'range_too_long',
          `Ask for at most ${MAX_HISTORY_DAYS} days at a time.`,
          {
            from: `At most ${MAX_HISTORY_DAYS} days at a time.`,
          },
        );
      }
      const rows = await db.kysely
        .selectFrom('doses')
        .select(['date', 'taken'])
        .where('medication_id', '=', medication.id)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date', 'asc')
        .execute();
      return { from, to, doses: rows.map((r) => ({ date: r.date, taken: Boolean(r.taken) })) };
    },

    /** A linked doctor's view of one page (the caller has checked the link): today, adherence, the last days. */
    async trackingOf(patientId: string, page: PageRequest) {
      const day = await today(patientId);
      const { rows, nextCursor } = await listMedicationsOf(db.kysely, patientId, day, page);
      const taken = await takenDatesOf(
        db.kysely,
        patientId,
        addDays(day, -(TRACKING_HISTORY_DAYS - 1)),
        day,
        rows.map((r) => r.id),
      );
      return {
        today: day,
        medications: rows.map((row) => toTrackedMedication(row, taken.get(row.id) ?? [], day)),
        nextCursor,
      };
    },

    /** Doses taken / due over the last `days` days, per medication running then and in total. */
    async adherenceOf(patientId: string, days: number) {
      const to = await today(patientId);
      const from = addDays(to, -(days - 1));
      const rows = await medicationsDuring(db.kysely, patientId, from, to);
      const taken = await takenDatesOf(db.kysely, patientId, from, to);
      const medications = rows.map((row) => ({
        _id: row.id,
        name: row.name,
        adherence: adherence(row, taken.get(row.id) ?? [], from, to, to),
      }));
      return { from, to, total: sumAdherence(medications.map((m) => m.adherence)), medications };
    },

    /** adherenceOf's total for each of several patients (a page of a doctor's list), at once. */
    async adherenceTotalsOf(patientIds: string[], days: number) {
      const zones = new Map(
        (
          await db.kysely
            .selectFrom('users')
            .select(['id', 'timezone'])
            .where('id', 'in', patientIds.length > 0 ? patientIds : [''])
            .execute()
        ).map((u) => [u.id, u.timezone]),
      );
      const windows = new Map(
        patientIds.map((id) => {
          const to = localDate(clock(), zones.get(id) ?? 'UTC');
          return [id, { from: addDays(to, -(days - 1)), to }];
        }),
      );
      const spans = [...windows.values()];
      const { medications, taken } = await adherenceRowsOf(
        db.kysely,
        patientIds,
        spans.reduce((a, w) => (w.from < a ? w.from : a), spans[0]?.from ?? ''),
        spans.reduce((a, w) => (w.to > a ? w.to : a), spans[0]?.to ?? ''),
      );
      const figures = new Map<string, ReturnType<typeof adherence>[]>();
      for (const row of medications) {
        const w = windows.get(row.patient_id);
        if (!w || row.startdate > w.to || (row.enddate !== null && row.enddate < w.from)) continue;
        const list = figures.get(row.patient_id) ?? [];
        list.push(adherence(row, taken.get(row.id) ?? [], w.from, w.to, w.to));
        figures.set(row.patient_id, list);
      }
      return new Map(patientIds.map((id) => [id, sumAdherence(figures.get(id) ?? [])]));
    },
  };
}

export type MedicationService = ReturnType<typeof createMedicationService>;
