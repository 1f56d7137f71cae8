import { sql, type Selectable } from 'kysely';
import type { MeasurementKind, PageRequest } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor, MeasurementsTable } from '../../db/schema.ts';
import { byInstantThenId, pageOf, toPage } from '../../lib/pagination.ts';

/** A reading with the name and role of whoever recorded it (null once their account is gone). */
export interface MeasurementRow extends Selectable<MeasurementsTable> {
  recorder_firstname: string | null;
  recorder_lastname: string | null;
  recorder_type: string | null;
}

const newestFirst = byInstantThenId('measurements', 'taken_at', 'desc');

function withRecorder(db: Executor) {
  return db
    .selectFrom('measurements')
    .leftJoin('users as recorder', 'recorder.id', 'measurements.recorded_by')
    .selectAll('measurements')
    .select([
      'recorder.firstname as recorder_firstname',
      'recorder.lastname as recorder_lastname',
      'recorder.user_type as recorder_type',
    ]);
}

export async function insertMeasurements(
  db: Executor,
  rows: Selectable<MeasurementsTable>[],
): Promise<void> {
  // SQLite allows 32766 parameters per statement; 9 columns × 1000 rows stays well inside on both.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('measurements')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

export async function countMeasurements(db: Executor, patientId: string): Promise<number> {
  const row = await db
    .selectFrom('measurements')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Range {
  kind?: MeasurementKind | undefined;
  /** Included. */
  from?: string | undefined;
  /** Excluded. */
  to?: string | undefined;
}

export async function listMeasurements(
  db: Executor,
  patientId: string,
  range: Range,
  page: PageRequest,
) {
  let query = withRecorder(db).where('measurements.patient_id', '=', patientId);
  if (range.kind) query = query.where('measurements.kind', '=', range.kind);
  if (range.from) query = query.where('measurements.taken_at', '>=', range.from);
  if (range.to) query = query.where('measurements.taken_at', '<', range.to);
  const rows: MeasurementRow[] = await pageOf(query, newestFirst, page).execute();
  return toPage(rows, page, newestFirst);
}

export function findMeasurement(db: Executor, id: string): Promise<MeasurementRow | undefined> {
  return withRecorder(db).where('measurements.id', '=', id).executeTakeFirst();
}

export async function deleteMeasurement(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('measurements').where('id', '=', id).execute();
}

/** The newest reading of each kind: one statement, an indexed probe per kind. */
export async function latestOfEachKind(
  db: Executor,
  patientId: string,
  kinds: readonly MeasurementKind[],
): Promise<Map<MeasurementKind, MeasurementRow>> {
  const probes = kinds.map((kind) =>
    db
      .selectFrom(
        withRecorder(db)
          .where('measurements.patient_id', '=', patientId)
          .where('measurements.kind', '=', kind)
          .orderBy('measurements.taken_at', 'desc')
          .orderBy('measurements.id', 'desc')
          .limit(1)
          .as('newest'),
      )
      .selectAll(),
  );
  const [first, ...rest] = probes;
  if (!first) return new Map();
  const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
  return new Map(rows.map((row) => [row.kind, row]));
}

/** All of a patient's readings, oldest first, a thousand at a time (the export streams them). */
export async function* allMeasurements(db: Executor, patientId: string) {
  let after: { taken_at: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('measurements')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('taken_at')
      .orderBy('id')
      .limit(1000);
    if (after) {
      const { taken_at, id } = after;
      query = query.where(sql<boolean>`(taken_at, id) > (${taken_at}, ${id})`);
    }
    const rows = await query.execute();
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < 1000 || !last) return;
    after = last;
  }
}

/** Count, sum, min and max of a bucket's readings (and of the diastolics, for blood pressure). */
export interface Totals {
  index: number;
  count: number;
  total: number;
  min: number;
  max: number;
  count2: number;
  total2: number;
  min2: number | null;
  max2: number | null;
}

/**
 * Count, sum, min and max of one kind's readings per instant range, computed by the database: the
 * ranges (a few [start, end) pairs, each tagged with the bucket it belongs to) are joined to the
 * readings, each an index range of (patient_id, kind, taken_at). Series read the parts of a range that
 * are not whole days of the patient this way (the whole days come from the roll-up, rollup.ts).
 */
export async function readingTotals(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  kind: MeasurementKind,
  ranges: { index: number; start: string; end: string }[],
): Promise<Totals[]> {
  if (ranges.length === 0) return [];
  const instant = (v: string) =>
    dialect === 'postgres' ? sql`cast(${v} as timestamptz)` : sql`${v}`;
  const values = sql.join(
    ranges.map((r) => sql`(${sql.lit(r.index)}, ${instant(r.start)}, ${instant(r.end)})`),
  );
  const result = await sql<Record<string, string | number | null>>`
    with ranges (i, s, e) as (values ${values})
    select r.i as i, count(*) as n, sum(m.value) as total, min(m.value) as low, max(m.value) as high,
      count(m.value2) as n2, coalesce(sum(m.value2), 0) as total2, min(m.value2) as low2,
      max(m.value2) as high2
    from ranges r
    join measurements m
      on m.patient_id = ${patientId} and m.kind = ${kind} and m.taken_at >= r.s and m.taken_at < r.e
    group by r.i`.execute(db);
  const num = (v: string | number | null | undefined) => (v == null ? null : Number(v));
  return result.rows.map((r) => ({
    index: Number(r.i),
    count: Number(r.n),
    total: Number(r.total),
    min: Number(r.low),
    max: Number(r.high),
    count2: Number(r.n2),
    total2: Number(r.total2),
    min2: num(r.low2),
    max2: num(r.high2),
  }));
}

/** A target's stored ends; the diastolic's only for blood pressure, null when unbounded. */
export interface TargetEnds {
  low: number | null;
  high: number | null;
  diastolic_low: number | null;
  diastolic_high: number | null;
}

export function targetsOf(db: Executor, patientId: string, doctorId?: string) {
  let query = db
    .selectFrom('measurement_targets')
    .innerJoin('users as doctor', 'doctor.id', 'measurement_targets.doctor_id')
    .selectAll('measurement_targets')
    .select(['doctor.firstname as doctor_firstname', 'doctor.lastname as doctor_lastname'])
    .where('measurement_targets.patient_id', '=', patientId);
  if (doctorId) query = query.where('measurement_targets.doctor_id', '=', doctorId);
  return query
    .orderBy('measurement_targets.doctor_id')
    .orderBy('measurement_targets.kind')
    .execute();
}
export type TargetRow = Awaited<ReturnType<typeof targetsOf>>[number];

export async function replaceTargets(
  db: Executor,
  patientId: string,
  doctorId: string,
  targets: (TargetEnds & { kind: MeasurementKind })[],
  now: string,
): Promise<void> {
  await db
    .deleteFrom('measurement_targets')
    .where('patient_id', '=', patientId)
    .where('doctor_id', '=', doctorId)
    .execute();
  if (targets.length === 0) return;
  await db
    .insertInto('measurement_targets')
    .values(
      targets.map((t) => ({ ...t, patient_id: patientId, doctor_id: doctorId, updated_at: now })),
    )
    .execute();
}

/** Every doctor's target for one kind of one patient: who to tell about a reading outside it. */
export function targetsForKind(db: Executor, patientId: string, kind: MeasurementKind) {
  return db
    .selectFrom('measurement_targets')
    .innerJoin('users', 'users.id', 'measurement_targets.doctor_id')
    .select([
      'measurement_targets.doctor_id',
      'measurement_targets.low',
      'measurement_targets.high',
      'measurement_targets.diastolic_low',
      'measurement_targets.diastolic_high',
      'users.language as doctor_language',
    ])
    .where('measurement_targets.patient_id', '=', patientId)
    .where('measurement_targets.kind', '=', kind)
    .execute();
}

/**
 * Claims the day's one notice of a breach: true when this call inserted the row, false when another
 * reading (even one racing in another transaction) already did. The primary key decides on both databases.
 */
export async function claimBreachNotice(
  db: Executor,
  notice: { doctor_id: string; patient_id: string; kind: MeasurementKind; day: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('measurement_breach_notices')
    .values({ ...notice, created_at: now })
    .onConflict((oc) => oc.columns(['doctor_id', 'patient_id', 'kind', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * For a doctor's page of patients: the kinds with a reading taken since `since` outside that doctor's
 * current target. Each (patient, kind) with a target is an index range of recent readings.
 */
export async function kindsOutsideTargets(
  db: Executor,
  doctorId: string,
  patientIds: string[],
  since: string,
): Promise<Map<string, MeasurementKind[]>> {
  const found = new Map<string, MeasurementKind[]>();
  if (patientIds.length === 0) return found;
  const rows = await db
    .selectFrom('measurement_targets as t')
    .select(['t.patient_id', 't.kind'])
    .where('t.doctor_id', '=', doctorId)
    .where('t.patient_id', 'in', patientIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('measurements as m')
          .select('m.id')
          .whereRef('m.patient_id', '=', 't.patient_id')
          .whereRef('m.kind', '=', 't.kind')
          .where('m.taken_at', '>=', since)
          // A null end is unbounded: its comparison is null, never true. value2 is the diastolic.
          .where(
            sql<boolean>`(m.value < t.low or m.value > t.high or m.value2 < t.diastolic_low or m.value2 > t.diastolic_high)`,
          ),
      ),
    )
    .execute();
  for (const r of rows) found.set(r.patient_id, [...(found.get(r.patient_id) ?? []), r.kind]);
  return found;
}
