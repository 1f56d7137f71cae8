import type { MeasurementKind, SeriesBucket } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { readingTotals, type Totals } from './repo.ts';
import { greater, lesser, rollupRanges, type RangeRow, type RollupRange } from './rollup.ts';
import { dayOf, dayStart, nextDay, type Bucket } from './series-buckets.ts';

/**
 * Each bucket's count, sum, min and max over [fromMs, toMs), from about one roll-up row per bucket
 * whatever the range: a bucket wholly inside the range is its week's or month's (or day's) row; a
 * bucket the range clips sums the rows of its whole days; and only what the range cuts off a day
 * (`from` or `to` given as an instant inside a day, `to` left as now) is read from the readings.
 * The roll-up must be cut in `zone` (ensureRollup).
 */
export async function seriesTotals(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  kind: MeasurementKind,
  span: SeriesBucket,
  buckets: Bucket[],
  fromMs: number,
  toMs: number,
  zone: string,
): Promise<Totals[]> {
  const firstDay = dayOf(fromMs, zone);
  const first = dayStart(firstDay, zone) === fromMs ? firstDay : nextDay(firstDay);
  // Every day before the one holding `to` ends by `to`.
  const end = dayOf(toMs, zone);
  const whole = first < end;
  const wholeStart = whole ? dayStart(first, zone) : toMs;
  const wholeEnd = whole ? dayStart(end, zone) : toMs;

  // One slot per bucket, filled in place: no object per row beyond the bucket's own.
  const merged: (Totals | undefined)[] = new Array<Totals | undefined>(buckets.length);
  const addRow = (index: number, r: RangeRow) => {
    const had = merged[index];
    if (!had) {
      merged[index] = {
        index,
        count: r.n,
        total: r.total,
        min: r.low,
        max: r.high,
        count2: r.n2 ?? 0,
        total2: r.total2 ?? 0,
        min2: r.low2 ?? null,
        max2: r.high2 ?? null,
      };
      return;
    }
    had.count += r.n;
    had.total += r.total;
    had.min = Math.min(had.min, r.low);
    had.max = Math.max(had.max, r.high);
    had.count2 += r.n2 ?? 0;
    had.total2 += r.total2 ?? 0;
    had.min2 = lesser(had.min2, r.low2 ?? null);
    had.max2 = greater(had.max2, r.high2 ?? null);
  };

  const full = new Map<string, number>();
  const cut: { index: number; start: string; end: string }[] = [];
  const partDays: { index: number; first: string; end: string }[] = [];
  buckets.forEach((b, index) => {
    if (whole && b.date >= first && b.next <= end) {
      full.set(b.date, index);
      return;
    }
    if (whole) {
      const from = b.date > first ? b.date : first;
      const to = b.next < end ? b.next : end;
      if (from < to) partDays.push({ index, first: from, end: to });
    }
    const { startMs, endMs } = b;
    if (startMs < wholeStart) {
      cut.push({ index, start: b.start, end: new Date(Math.min(endMs, wholeStart)).toISOString() });
    }
    if (endMs > wholeEnd) {
      cut.push({ index, start: new Date(Math.max(startMs, wholeEnd)).toISOString(), end: b.end });
    }
  });

  // The whole buckets are one contiguous range of their span's rows; the clipped ones (at most the
  // first and the last) ranges of day rows: one statement reads them all.
  const fullDates = [...full.keys()];
  const firstFull = fullDates[0];
  const lastFull = buckets[full.get(fullDates.at(-1) ?? '') ?? -1];
  const ranges: RollupRange[] = partDays.map((p) => ({ span: 'day', first: p.first, end: p.end }));
  if (firstFull !== undefined && lastFull) {
    ranges.push({ span, first: firstFull, end: lastFull.next });
  }
  for (const r of await rollupRanges(db, patientId, kind, ranges)) {
    const index =
      r.span === span && full.has(r.day)
        ? full.get(r.day)
        : partDays.find((p) => p.first <= r.day && r.day < p.end)?.index;
    if (index !== undefined) addRow(index, r);
  }
  for (const t of await readingTotals(db, dialect, patientId, kind, cut)) {
    addRow(t.index, {
      span,
      day: '',
      n: t.count,
      total: t.total,
      low: t.min,
      high: t.max,
      n2: t.count2,
      total2: t.total2,
      low2: t.min2,
      high2: t.max2,
    });
  }
  return merged.filter((t): t is Totals => t !== undefined && t.count > 0);
}
