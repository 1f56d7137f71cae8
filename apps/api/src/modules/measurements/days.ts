import { sql, type Selectable } from 'kysely';
import type { MeasurementKind } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor, MeasurementDaysTable } from '../../db/schema.ts';
import { allMeasurements } from './repo.ts';
import { dayOf, dayStart, nextDay } from './series-buckets.ts';

/**
 * The per-day roll-up of a patient's readings (decision 027): one row per kind and day of the
 * patient, cut in the zone recorded in `measurement_day_zones`. Every write to `measurements` keeps it
 * in its own transaction; a change of the patient's zone makes the next write or chart rebuild it.
 */
export type DayRow = Selectable<MeasurementDaysTable>;

export interface Reading {
  kind: MeasurementKind;
  value: number;
  value2: number | null;
  taken_at: string;
}

/** Adds readings (of one day each) into per-(kind, day) rows, without touching the database. */
function sumUp(
  patientId: string,
  rows: Iterable<Reading & { day: string }>,
  into = new Map<string, DayRow>(),
) {
  for (const r of rows) {
    const key = `${r.kind} ${r.day}`;
    const row = into.get(key);
    if (!row) {
      into.set(key, {
        patient_id: patientId,
        kind: r.kind,
        day: r.day,
        n: 1,
        total: r.value,
        low: r.value,
        high: r.value,
        n2: r.value2 === null ? 0 : 1,
        total2: r.value2 ?? 0,
        low2: r.value2,
        high2: r.value2,
      });
      continue;
    }
    row.n += 1;
    row.total += r.value;
    row.low = Math.min(row.low, r.value);
    row.high = Math.max(row.high, r.value);
    if (r.value2 !== null) {
      row.n2 += 1;
      row.total2 += r.value2;
      row.low2 = row.low2 === null ? r.value2 : Math.min(row.low2, r.value2);
      row.high2 = row.high2 === null ? r.value2 : Math.max(row.high2, r.value2);
    }
  }
  return into;
}

/**
 * Adds rows into the roll-up with one upsert per thousand rows: `n = n + excluded.n` and so on, so
 * concurrent writers to one day each add their share (no read-then-write). The smaller of two values is
 * `least` on PostgreSQL and the two-argument `min` on SQLite; the diastolic's may be null on one side.
 */
async function addRows(db: Executor, dialect: Dialect, rows: DayRow[]): Promise<void> {
  const least = sql.raw(dialect === 'postgres' ? 'least' : 'min');
  const greatest = sql.raw(dialect === 'postgres' ? 'greatest' : 'max');
  const either = (fn: typeof least, column: string) => {
    const [old, added] = [sql.ref(`measurement_days.${column}`), sql.ref(`excluded.${column}`)];
    return sql<number | null>`coalesce(${fn}(${old}, ${added}), ${old}, ${added})`;
  };
  const plus = (column: string) =>
    sql<number>`${sql.ref(`measurement_days.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
  // 12 columns × 1000 rows stays inside SQLite's 32 766 parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('measurement_days')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['patient_id', 'kind', 'day']).doUpdateSet({
          n: plus('n'),
          total: plus('total'),
          low: sql<number>`${least}(measurement_days.low, excluded.low)`,
          high: sql<number>`${greatest}(measurement_days.high, excluded.high)`,
          n2: plus('n2'),
          total2: plus('total2'),
          low2: either(least, 'low2'),
          high2: either(greatest, 'high2'),
        }),
      )
      .execute();
  }
}

/** New readings into the roll-up, each on its day in `zone` (the zone the roll-up is cut in). */
export async function addToDays(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  readings: Reading[],
  zone: string,
): Promise<void> {
  const dated = readings.map((r) => ({ ...r, day: dayOf(Date.parse(r.taken_at), zone) }));
  await addRows(db, dialect, [...sumUp(patientId, dated).values()]);
}

/**
 * A day's row worked out again from its readings (after a delete: the minimum or maximum may have
 * gone). A day holds a few readings of a kind, so this reads an index range of a few rows.
 */
export async function recomputeDay(
  db: Executor,
  patientId: string,
  kind: MeasurementKind,
  takenAt: string,
  zone: string,
): Promise<void> {
  const day = dayOf(Date.parse(takenAt), zone);
  const start = new Date(dayStart(day, zone)).toISOString();
  const end = new Date(dayStart(nextDay(day), zone)).toISOString();
  const readings = await db
    .selectFrom('measurements')
    .select(['kind', 'value', 'value2', 'taken_at'])
    .where('patient_id', '=', patientId)
    .where('kind', '=', kind)
    .where('taken_at', '>=', start)
    .where('taken_at', '<', end)
    .execute();
  await db
    .deleteFrom('measurement_days')
    .where('patient_id', '=', patientId)
    .where('kind', '=', kind)
    .where('day', '=', day)
    .execute();
  const rows = [
    ...sumUp(
      patientId,
      readings.map((r) => ({ ...r, day })),
    ).values(),
  ];
  if (rows.length > 0) await db.insertInto('measurement_days').values(rows).execute();
}

/** The zone the patient's roll-up is cut in, or undefined when it was never built. */
export async function daysZone(db: Executor, patientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('measurement_day_zones')
    .select('timezone')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row?.timezone;
}

/**
 * Builds the patient's roll-up again from all their readings, in `zone`. The readings come oldest
 * first, so the day's edges are worked out only when a reading passes the current day's end.
 * The caller holds the patient's lock (lockPerson) inside its transaction.
 */
export async function rebuildDays(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  zone: string,
): Promise<void> {
  await db.deleteFrom('measurement_days').where('patient_id', '=', patientId).execute();
  const rows = new Map<string, DayRow>();
  let day = '';
  let start = Infinity;
  let end = -Infinity;
  for await (const r of allMeasurements(db, patientId)) {
    const ms = Date.parse(r.taken_at);
    if (ms < start || ms >= end) {
      day = dayOf(ms, zone);
      start = dayStart(day, zone);
      end = dayStart(nextDay(day), zone);
    }
    sumUp(patientId, [{ ...r, day }], rows);
  }
  await addRows(db, dialect, [...rows.values()]);
  await db
    .insertInto('measurement_day_zones')
    .values({ patient_id: patientId, timezone: zone })
    .onConflict((oc) => oc.column('patient_id').doUpdateSet({ timezone: zone }))
    .execute();
}

/** Rebuilds the roll-up when it is missing or cut in another zone than `zone` (the patient's now). */
export async function ensureDays(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  zone: string,
): Promise<void> {
  if ((await daysZone(db, patientId)) !== zone) await rebuildDays(db, dialect, patientId, zone);
}

export interface DayRange {
  /** Which of the caller's buckets these days belong to. */
  index: number;
  /** The first day, included. */
  first: string;
  /** The day after the last, excluded. */
  end: string;
}

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

const num = (v: string | number | null | undefined) => (v == null ? null : Number(v));

/** The roll-up summed per range of days (at most a few hundred ranges, each an index range). */
export async function dayTotals(
  db: Executor,
  patientId: string,
  kind: MeasurementKind,
  ranges: DayRange[],
): Promise<Totals[]> {
  if (ranges.length === 0) return [];
  const values = sql.join(ranges.map((r) => sql`(${sql.lit(r.index)}, ${r.first}, ${r.end})`));
  const result = await sql<Record<string, string | number | null>>`
    with ranges (i, s, e) as (values ${values})
    select r.i as i, sum(d.n) as n, sum(d.total) as total, min(d.low) as low, max(d.high) as high,
      sum(d.n2) as n2, sum(d.total2) as total2, min(d.low2) as low2, max(d.high2) as high2
    from ranges r
    join measurement_days d
      on d.patient_id = ${patientId} and d.kind = ${kind} and d.day >= r.s and d.day < r.e
    group by r.i`.execute(db);
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
