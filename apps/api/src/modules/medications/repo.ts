import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { PAGE_LIMIT_MAX, addDays, localDate, type PageRequest } from '@tend/shared';
import { precompile } from '../../db/precompiled.ts';
import type { Database, Executor, MedicationsTable } from '../../db/schema.ts';
import { byCreation, decodeCursor, pageOf, rowsToFetch, toPage } from '../../lib/pagination.ts';

export type MedicationRow = Selectable<MedicationsTable>;

const addedOrder = byCreation('medications', 'asc');

/**
 * A patient's medications with whether `day`'s dose is ticked, joined in one query: the day's dose rows
 * are found through the join, never by binding one variable per medication.
 */
function withTakenOn(db: Executor, patientId: string, day: string) {
  return db
    .selectFrom('medications')
    .leftJoin('doses', (join) =>
      join
        .onRef('doses.medication_id', '=', 'medications.id')
        .on('doses.date', '=', day)
        .on('doses.taken', '=', true),
    )
    .selectAll('medications')
    .select('doses.taken as taken_on_day')
    .where('medications.patient_id', '=', patientId);
}

/** One page of a patient's medications in the order they were added. */
export async function listMedicationsOf(
  db: Executor,
  patientId: string,
  day: string,
  page: PageRequest,
) {
  const rows = await pageOf(withTakenOn(db, patientId, day), addedOrder, page).execute();
  return toPage(rows, page, addedOrder);
}

type ListParameter = 'patientId' | 'dayBefore' | 'utcDay' | 'dayAfter' | 'limit';

/** Whether `day`'s dose of the row's medication is ticked: one lookup in the (medication_id, date) index. */
function takenOn(eb: ExpressionBuilder<Database, 'medications' | 'users'>, day: string) {
  return eb.exists(
    eb
      .selectFrom('doses')
      .select('doses.medication_id')
      .whereRef('doses.medication_id', '=', 'medications.id')
      .where('doses.date', '=', day)
      .where('doses.taken', '=', true),
  );
}

/**
 * The patient's own list in one round trip, compiled once (it is the hottest query Tend has).
 * "Today" depends on the patient's time zone, which this same query reads, so it asks for the three
 * days today can be anywhere on Earth (the UTC date and the days either side) and the caller keeps
 * the one that is today where the patient is. A second form continues after a cursor.
 */
export function ownListQueries(kysely: Kysely<Database>) {
  // `after` holds the cursor's placeholders for the second form only.
  const build = (
    p: Record<ListParameter, string>,
    after?: Record<'afterCreatedAt' | 'afterId', string>,
  ) => {
    let query = kysely
      .selectFrom('medications')
      .innerJoin('users', 'users.id', 'medications.patient_id')
      .selectAll('medications')
      .select((eb) => [
        'users.timezone',
        takenOn(eb, p.dayBefore).as('taken_day_before'),
        takenOn(eb, p.utcDay).as('taken_utc_day'),
        takenOn(eb, p.dayAfter).as('taken_day_after'),
      ])
      .where('medications.patient_id', '=', p.patientId);
    if (after) {
      query = query.where(
        sql<SqlBool>`(medications.created_at, medications.id) > (${after.afterCreatedAt}, ${after.afterId})`,
      );
    }
    return query
      .orderBy('medications.created_at', 'asc')
      .orderBy('medications.id', 'asc')
      .limit(sql<number>`${p.limit}`);
  };
  const first = ['patientId', 'dayBefore', 'utcDay', 'dayAfter', 'limit'] as const;
  return {
    first: precompile(first, (p) => build(p)),
    next: precompile([...first, 'afterCreatedAt', 'afterId'] as const, (p) => build(p, p)),
  };
}
export type OwnListQueries = ReturnType<typeof ownListQueries>;

/** What decides whether a kept page of the list still holds: its version and "today" (the time zone). */
export function listStateQuery(kysely: Kysely<Database>) {
  return precompile(['patientId'] as const, (p) =>
    kysely
      .selectFrom('users')
      .select(['medications_version', 'timezone'])
      .where('id', '=', p.patientId),
  );
}

/** PostgreSQL: the list state of several patients in one round trip (batched-reads.ts). */
export function listStatesQuery(kysely: Kysely<Database>) {
  return precompile(['patientIds'] as const, (p) =>
    kysely
      .selectFrom('users')
      .select(['id', 'medications_version', 'timezone'])
      .where(sql<boolean>`id = any(${p.patientIds})`),
  );
}

/** One page of the patient's own medications, each with whether today's dose (their time zone) is ticked. */
export async function listOwnMedications(
  db: Executor,
  queries: OwnListQueries,
  patientId: string,
  now: Date,
  page: PageRequest,
) {
  const utcDay = now.toISOString().slice(0, 10);
  const days = { dayBefore: addDays(utcDay, -1), utcDay, dayAfter: addDays(utcDay, 1) };
  const values = { patientId, ...days, limit: rowsToFetch(page) };
  let rows;
  if (page.cursor) {
    const [afterCreatedAt, afterId] = decodeCursor(page.cursor, addedOrder.columns);
    ({ rows } = await queries.next(db, { ...values, afterCreatedAt, afterId }));
  } else {
    ({ rows } = await queries.first(db, values));
  }
  const timezone = rows[0]?.timezone ?? 'UTC';
  const today = localDate(now, timezone);
  const column =
    today === days.dayBefore
      ? 'taken_day_before'
      : today === days.dayAfter
        ? 'taken_day_after'
        : 'taken_utc_day';
  const listed = rows.map((row) => ({ ...row, taken_on_day: Boolean(row[column]) }));
  return toPage(listed, page, addedOrder);
}

/** A medication only when it belongs to this patient: anyone else's id looks like no medication at all. */
export function findMedicationOf(db: Executor, patientId: string, id: string) {
  return db
    .selectFrom('medications')
    .selectAll()
    .where('id', '=', id)
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
}

/** A patient's medication with their time zone, in one read (for their today). */
export function findMedicationWithZone(db: Executor, patientId: string, id: string) {
  return db
    .selectFrom('medications')
    .innerJoin('users', 'users.id', 'medications.patient_id')
    .selectAll('medications')
    .select('users.timezone as patient_timezone')
    .where('medications.id', '=', id)
    .where('medications.patient_id', '=', patientId)
    .executeTakeFirst();
}

export function findMedicationWithTakenOn(
  db: Executor,
  patientId: string,
  id: string,
  day: string,
) {
  return withTakenOn(db, patientId, day).where('medications.id', '=', id).executeTakeFirst();
}

/** What the per-patient caps count: medications still running on `day`, and all of them. */
export async function countMedicationsOf(db: Executor, patientId: string, day: string) {
  const row = await db
    .selectFrom('medications')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.or([eb('enddate', 'is', null), eb('enddate', '>=', day)]))
            .then(1)
            .end(),
        )
        .as('active'),
    ])
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active) };
}

/** The medications whose start–end window overlaps [from, to]: the only ones adherence counts. */
export function medicationsDuring(db: Executor, patientId: string, from: string, to: string) {
  return db
    .selectFrom('medications')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('startdate', '<=', to)
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', from)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertMedication(db: Executor, row: Insertable<MedicationsTable>) {
  await db.insertInto('medications').values(row).execute();
}

/** Of the medications the prescriptions put on the patient's list, those still running on `day`. */
export function runningFromPrescriptions(
  db: Executor,
  patientId: string,
  prescriptionIds: string[],
  day: string,
) {
  return db
    .selectFrom('medications')
    .select(['id', 'timefrequency', 'prescription_id'])
    .where('patient_id', '=', patientId)
    .where('prescription_id', 'in', prescriptionIds)
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', day)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Adds units handed over by a later fill to what the medication has been supplied. */
export async function addSupply(db: Executor, id: string, units: number, now: string) {
  await db
    .updateTable('medications')
    .set((eb) => ({
      supply: eb(eb.fn.coalesce('supply', sql<number>`0`), '+', units),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

export async function updateMedication(
  db: Executor,
  id: string,
  changes: Updateable<MedicationsTable>,
) {
  await db.updateTable('medications').set(changes).where('id', '=', id).execute();
}

export async function deleteMedication(db: Executor, id: string) {
  await db.deleteFrom('medications').where('id', '=', id).execute();
}

export async function upsertDose(
  db: Executor,
  medicationId: string,
  date: string,
  taken: boolean,
  now: Date,
) {
  const recorded_at = now.toISOString();
  await db
    .insertInto('doses')
    .values({ medication_id: medicationId, date, taken, recorded_at })
    .onConflict((oc) => oc.columns(['medication_id', 'date']).doUpdateSet({ taken, recorded_at }))
    .execute();
}

/**
 * Dates on which each of the patient's medications was ticked as taken, within [from, to]. The doses
 * are reached through a join on the patient, so the query binds a fixed number of variables; `only`
 * (one page of medications at most) narrows it further.
 */
export async function takenDatesOf(
  db: Executor,
  patientId: string,
  from: string,
  to: string,
  only?: string[],
) {
  if (only && only.length > PAGE_LIMIT_MAX + 1) {
    throw new Error(`takenDatesOf narrows to one page at most, not ${only.length} medications`);
  }
  let query = db
    .selectFrom('doses')
    .innerJoin('medications', 'medications.id', 'doses.medication_id')
    .select(['doses.medication_id', 'doses.date'])
    .where('medications.patient_id', '=', patientId)
    .where('doses.date', '>=', from)
    .where('doses.date', '<=', to)
    .where('doses.taken', '=', true);
  if (only) {
    if (only.length === 0) return new Map<string, string[]>();
    query = query.where('doses.medication_id', 'in', only);
  }
  const byMedication = new Map<string, string[]>();
  for (const row of await query.execute()) {
    const dates = byMedication.get(row.medication_id);
    if (dates) dates.push(row.date);
    else byMedication.set(row.medication_id, [row.date]);
  }
  return byMedication;
}

/**
 * Several patients' medications running some day in [from, to], and the days their doses were
 * ticked in it: what a doctor's list of patients needs for everyone's adherence in two statements
 * rather than two per patient. The caller narrows each patient to their own window.
 */
export async function adherenceRowsOf(
  db: Executor,
  patientIds: string[],
  from: string,
  to: string,
) {
  if (patientIds.length === 0) return { medications: [], taken: new Map<string, string[]>() };
  const medications = await db
    .selectFrom('medications')
    .select(['id', 'patient_id', 'name', 'startdate', 'enddate'])
    .where('patient_id', 'in', patientIds)
    .where('startdate', '<=', to)
    .where((eb) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', from)]))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const taken = new Map<string, string[]>();
  const doses = await db
    .selectFrom('doses')
    .innerJoin('medications', 'medications.id', 'doses.medication_id')
    .select(['doses.medication_id', 'doses.date'])
    .where('medications.patient_id', 'in', patientIds)
    .where('doses.date', '>=', from)
    .where('doses.date', '<=', to)
    .where('doses.taken', '=', true)
    .execute();
  for (const row of doses) {
    const dates = taken.get(row.medication_id);
    if (dates) dates.push(row.date);
    else taken.set(row.medication_id, [row.date]);
  }
  return { medications, taken };
}
