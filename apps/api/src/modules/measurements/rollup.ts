import { sql, type Selectable } from 'kysely';
import type { MeasurementKind } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor, MeasurementRollupsTable, RollupSpan } from '../../db/schema.ts';
import { allMeasurements } from './repo.ts';
import { dayOf, dayStart, nextDay } from './series-buckets.ts';

/**
 * The roll-up of a patient's readings (decision 027): one row per kind and day, ISO week (Monday
 * first) and month of the patient, cut in the zone recorded in `measurement_rollup_zones`. Every write
 * to `measurements` keeps it in its own transaction; a change of the patient's zone makes the next
 * write or chart rebuild it from the readings.
 */
export type RollupRow = Selectable<MeasurementRollupsTable>;

export interface Reading {
  kind: MeasurementKind;
  value: number;
  value2: number | null;
  taken_at: string;
}

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the week (Monday) or month holding `date`: where its series bucket starts. */
export function spanStart(date: string, span: RollupSpan): string {
  if (span === 'day') return date;
  if (span === 'month') return `${date.slice(0, 8)}01`;
  const ms = utc(date);
  return dateOf(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The first day after the span starting on `start`. */
export function spanEnd(start: string, span: RollupSpan): string {
  if (span === 'day') return nextDay(start);
  if (span === 'week') return dateOf(utc(start) + 7 * DAY_MS);
  const d = new Date(utc(start));
  return dateOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

const SPANS: RollupSpan[] = ['day', 'week', 'month'];

type Summed = Omit<RollupRow, 'patient_id' | 'kind' | 'span' | 'day'>;

function add(row: Summed, part: Summed) {
  row.n += part.n;
  row.total += part.total;
  row.low = Math.min(row.low, part.low);
  row.high = Math.max(row.high, part.high);
  row.n2 += part.n2;
  row.total2 += part.total2;
  row.low2 = lesser(row.low2, part.low2);
  row.high2 = greater(row.high2, part.high2);
}

export const lesser = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);
export const greater = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

const ofReading = (r: Reading): Summed => ({
  n: 1,
  total: r.value,
  low: r.value,
  high: r.value,
  n2: r.value2 === null ? 0 : 1,
  total2: r.value2 ?? 0,
  low2: r.value2,
  high2: r.value2,
});

/** Readings (each with its day) summed into rows of every span, without touching the database. */
function sumUp(
  patientId: string,
  readings: Iterable<Reading & { day: string }>,
  spans: RollupSpan[] = SPANS,
  into = new Map<string, RollupRow>(),
) {
  for (const r of readings) {
    for (const span of spans) {
      const day = spanStart(r.day, span);
      const key = `${r.kind} ${span} ${day}`;
      const row = into.get(key);
      if (row) add(row, ofReading(r));
      else into.set(key, { patient_id: patientId, kind: r.kind, span, day, ...ofReading(r) });
    }
  }
  return into;
}

/**
 * Adds rows into the roll-up with one upsert per thousand rows: `n = n + excluded.n` and so on, so
 * concurrent writers to one span each add their share (no read-then-write). The smaller of two values
 * is `least` on PostgreSQL and the two-argument `min` on SQLite; the diastolic's may be null on a side.
 */
async function addRows(db: Executor, dialect: Dialect, rows: RollupRow[]): Promise<void> {
  const least = sql.raw(dialect === 'postgres' ? 'least' : 'min');
  const greatest = sql.raw(dialect === 'postgres' ? 'greatest' : 'max');
  const old = (column: string) => sql.ref(`measurement_rollups.${column}`);
  const added = (column: string) => sql.ref(`excluded.${column}`);
  const either = (fn: typeof least, column: string) =>
    sql<
      number | null
    >`coalesce(${fn}(${old(column)}, ${added(column)}), ${old(column)}, ${added(column)})`;
  const plus = (column: string) => sql<number>`${old(column)} + ${added(column)}`;
  // 12 columns × 1000 rows stays inside SQLite's 32 766 parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('measurement_rollups')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['patient_id', 'kind', 'span', 'day']).doUpdateSet({
          n: plus('n'),
          total: plus('total'),
          low: sql<number>`${least}(${old('low')}, ${added('low')})`,
          high: sql<number>`${greatest}(${old('high')}, ${added('high')})`,
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
export async function addToRollup(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  readings: Reading[],
  zone: string,
): Promise<void> {
  const dated = readings.map((r) => ({ ...r, day: dayOf(Date.parse(r.taken_at), zone) }));
  await addRows(db, dialect, [...sumUp(patientId, dated).values()]);
}

/** Replaces one row (or removes it when nothing is left in its span). */
async function replaceRow(
  db: Executor,
  key: { patient_id: string; kind: MeasurementKind; span: RollupSpan; day: string },
  sums: Summed | undefined,
) {
  await db
    .deleteFrom('measurement_rollups')
    .where('patient_id', '=', key.patient_id)
    .where('kind', '=', key.kind)
    .where('span', '=', key.span)
    .where('day', '=', key.day)
    .execute();
  if (sums && sums.n > 0)
    await db
      .insertInto('measurement_rollups')
      .values({ ...sums, ...key })
      .execute();
}

/**
 * The rows of a removed reading's day, week and month worked out again (the minimum or maximum may
 * have gone): the day from its few readings, the week and month from their at most 31 day rows.
 */
export async function recomputeRollup(
  db: Executor,
  patientId: string,
  kind: MeasurementKind,
  takenAt: string,
  zone: string,
): Promise<void> {
  const day = dayOf(Date.parse(takenAt), zone);
  const readings = await db
    .selectFrom('measurements')
    .select(['kind', 'value', 'value2', 'taken_at'])
    .where('patient_id', '=', patientId)
    .where('kind', '=', kind)
    .where('taken_at', '>=', new Date(dayStart(day, zone)).toISOString())
    .where('taken_at', '<', new Date(dayStart(nextDay(day), zone)).toISOString())
    .execute();
  const [dayRow] = sumUp(
    patientId,
    readings.map((r) => ({ ...r, day })),
    ['day'],
  ).values();
  const key = { patient_id: patientId, kind };
  await replaceRow(db, { ...key, span: 'day', day }, dayRow);
  for (const span of ['week', 'month'] as const) {
    const start = spanStart(day, span);
    const days = await rollupRows(db, patientId, kind, 'day', start, spanEnd(start, span));
    let sums: Summed | undefined;
    for (const d of days) {
      if (sums) add(sums, d);
      else sums = { ...d };
    }
    await replaceRow(db, { ...key, span, day: start }, sums);
  }
}

/** The zone the patient's roll-up is cut in, or undefined when it was never built. */
export async function rollupZone(db: Executor, patientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('measurement_rollup_zones')
    .select('timezone')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row?.timezone;
}

/**
 * Builds the patient's roll-up again from all their readings, in `zone`. The readings come oldest
 * first, so a day's edges are worked out only when a reading passes the current day's end. The
 * caller holds the patient's lock (lockPerson) inside its transaction.
 */
export async function rebuildRollup(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  zone: string,
): Promise<void> {
  await db.deleteFrom('measurement_rollups').where('patient_id', '=', patientId).execute();
  const rows = new Map<string, RollupRow>();
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
    sumUp(patientId, [{ ...r, day }], SPANS, rows);
  }
  await addRows(db, dialect, [...rows.values()]);
  await db
    .insertInto('measurement_rollup_zones')
    .values({ patient_id: patientId, timezone: zone })
    .onConflict((oc) => oc.column('patient_id').doUpdateSet({ timezone: zone }))
    .execute();
}

/** Rebuilds the roll-up when it is missing or cut in another zone than `zone` (the patient's now). */
export async function ensureRollup(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  zone: string,
): Promise<void> {
  if ((await rollupZone(db, patientId)) !== zone) {
    await rebuildRollup(db, dialect, patientId, zone);
  }
}

/** The rows of one span starting in [first, end): one contiguous index range. */
export function rollupRows(
  db: Executor,
  patientId: string,
  kind: MeasurementKind,
  span: RollupSpan,
  first: string,
  end: string,
): Promise<RollupRow[]> {
  return db
    .selectFrom('measurement_rollups')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('kind', '=', kind)
    .where('span', '=', span)
    .where('day', '>=', first)
    .where('day', '<', end)
    .execute();
}

export interface RollupRange {
  span: RollupSpan;
  /** The first span's first day, included. */
  first: string;
  /** Excluded. */
  end: string;
}

/** A roll-up row as a series sums it; the second value's columns only for blood pressure. */
export type RangeRow = Pick<RollupRow, 'span' | 'day' | 'n' | 'total' | 'low' | 'high'> &
  Partial<Pick<RollupRow, 'n2' | 'total2' | 'low2' | 'high2'>>;

/**
 * The rows of a few ranges at once (`union all` of index ranges): one round trip per chart. Only
 * the columns a series sums, and the diastolic's only for the one kind that has it: a year's chart
 * reads ~55 rows a request, and every column is a property made on every row.
 */
export async function rollupRanges(
  db: Executor,
  patientId: string,
  kind: MeasurementKind,
  ranges: RollupRange[],
): Promise<RangeRow[]> {
  const columns = ['span', 'day', 'n', 'total', 'low', 'high'] as const;
  const second = ['n2', 'total2', 'low2', 'high2'] as const;
  const [head, ...rest] = ranges.map((r) =>
    db
      .selectFrom('measurement_rollups')
      .select(kind === 'bloodpressure' ? [...columns, ...second] : columns)
      .where('patient_id', '=', patientId)
      .where('kind', '=', kind)
      .where('span', '=', r.span)
      .where('day', '>=', r.first)
      .where('day', '<', r.end),
  );
  if (!head) return [];
  return rest.reduce((query, next) => query.unionAll(next), head).execute();
}
