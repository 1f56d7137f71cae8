import type { MeasurementKind } from '@tend/shared';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { dayTotals, type DayRange, type Totals } from './days.ts';
import { readingTotals } from './repo.ts';
import { dayOf, dayStart, nextDay, type Bucket } from './series-buckets.ts';

/**
 * Each bucket's count, sum, min and max over [fromMs, toMs). The patient's whole days inside the range
 * come from the roll-up (one row per day, however many readings it holds); only what the range cuts
 * off a day — `from` or `to` given as an instant inside a day, `to` left as now — is read from the
 * readings, so a year costs about what a week does. The roll-up must be cut in `zone` (ensureDays).
 */
export async function seriesTotals(
  db: Executor,
  dialect: Dialect,
  patientId: string,
  kind: MeasurementKind,
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

  const days: DayRange[] = [];
  const cut: { index: number; start: string; end: string }[] = [];
  buckets.forEach((b, index) => {
    if (whole) {
      const from = b.date > first ? b.date : first;
      const to = b.next < end ? b.next : end;
      if (from < to) days.push({ index, first: from, end: to });
    }
    const startMs = Date.parse(b.start);
    const endMs = Date.parse(b.end);
    if (startMs < wholeStart) {
      cut.push({ index, start: b.start, end: new Date(Math.min(endMs, wholeStart)).toISOString() });
    }
    if (endMs > wholeEnd) {
      cut.push({ index, start: new Date(Math.max(startMs, wholeEnd)).toISOString(), end: b.end });
    }
  });

  const merged = new Map<number, Totals>();
  const parts = [
    ...(await dayTotals(db, patientId, kind, days)),
    ...(await readingTotals(db, dialect, patientId, kind, cut)),
  ];
  for (const part of parts) {
    const had = merged.get(part.index);
    if (!had) {
      merged.set(part.index, { ...part });
      continue;
    }
    had.count += part.count;
    had.total += part.total;
    had.min = Math.min(had.min, part.min);
    had.max = Math.max(had.max, part.max);
    had.count2 += part.count2;
    had.total2 += part.total2;
    had.min2 = lesser(had.min2, part.min2);
    had.max2 = greater(had.max2, part.max2);
  }
  return [...merged.values()].filter((t) => t.count > 0).sort((a, b) => a.index - b.index);
}

const lesser = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);
const greater = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);
